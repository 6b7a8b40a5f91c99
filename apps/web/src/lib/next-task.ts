/**
 * Resolves in a later task: the current task ends there, so the browser may paint, handle input
 * and run other queued work before the caller goes on, and a long start-up is not one long task.
 * `scheduler.yield()` where the browser has it (the caller then resumes ahead of ordinary queued
 * tasks); a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
