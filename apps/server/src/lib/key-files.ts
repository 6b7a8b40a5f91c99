import { randomBytes } from "node:crypto";
import { link, open, unlink } from "node:fs/promises";

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
