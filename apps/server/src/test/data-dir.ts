import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestApp } from "./test-app.js";

/** Every file under the test app's store (DATA_DIR/files), its temporary area included, sorted. */
export async function storedFiles(testApp: TestApp): Promise<string[]> {
  const root = path.join(testApp.dataDir, "files");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The files of uploads still in progress (the store's temporary area, DATA_DIR/files/tmp/<process tag>/): none once a request has ended. */
export async function temporaryFiles(testApp: TestApp): Promise<string[]> {
  const temporary = path.join(testApp.dataDir, "files", "tmp") + path.sep;
  return (await storedFiles(testApp)).filter((file) => file.startsWith(temporary));
}

/** A process tag (lib/process-tag) of a process of this host that has ended: what a SIGKILLed server leaves in its leases and directories. */
export async function endedProcessTag(): Promise<string> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return [os.hostname(), child.pid, "started", "0badc0de"].join("~");
}
