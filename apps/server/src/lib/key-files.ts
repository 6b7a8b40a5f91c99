import { randomBytes } from "node:crypto";
import { link, open, unlink } from "node:fs/promises";

/**
 * A key that must come from its variable: the processes share no DATA_DIR (STORAGE_URL is set), so a
 * key a process made in its own DATA_DIR would be its alone. The start stops with this message.
 */
export class KeyVariableRequiredError extends Error {
  override name = "KeyVariableRequiredError";
  constructor(variable: string, file: string, reason: string, what: string) {
    super(`${variable} must be set: ${reason}, so the API processes share no DATA_DIR and a key made now in ${file} would be this process's alone. Set ${variable} to ${what}, the same in every process.`);
  }
}

/**
 * Writes a key file made on first start (mode 0600) unless one is already there; answers false when
 * another process got there first (then read its key). The content is written to a temporary file
 * and linked into place, so a process starting at the same moment on the same DATA_DIR never reads
 * a file that is created but not yet written (`writeFile` with flag "wx" leaves that gap).
 */
export async function createKeyFile(file: string, content: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temporary);
  }
}
