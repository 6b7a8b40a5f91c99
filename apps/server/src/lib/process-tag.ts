import { randomBytes } from "node:crypto";
import os from "node:os";

/**
 * Names what a server process holds while it runs (a job's lease, its directory of uploads in
 * progress) so that a later process can tell, after a crash, that the holder is gone and take the
 * thing back at once instead of waiting for a timeout: `host~pid~start~random`.
 */

// When this process started (ms since the epoch): with the pid it tells this process from an earlier one that had the same pid.
const STARTED = Math.round(performance.timeOrigin).toString(36);
const SEPARATOR = "~";

/** A tag of this process; each call gets another random part, so two holders in one process differ. */
export function newProcessTag(): string {
  return [os.hostname(), process.pid, STARTED, randomBytes(4).toString("hex")].join(SEPARATOR);
}

/**
 * True only when the process that made `tag` has certainly ended: it ran on this host, and its pid is
 * either free now or this process's own under another start time (a restart that was given the same
 * pid, as pid 1 in a container is). Another host's tags, a pid held by some other live process (which
 * may be a reuse) and tags of another form answer false: their holders keep what they hold until it
 * times out.
 */
export function isProcessGone(tag: string): boolean {
  const [host, pidText, started, random, ...rest] = tag.split(SEPARATOR);
  if (host !== os.hostname() || !started || !random || rest.length > 0 || !/^\d+$/.test(pidText ?? "")) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return started !== STARTED;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the pid exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
