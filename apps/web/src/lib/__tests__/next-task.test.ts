import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "../next-task";

describe("nextTask", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("resolves in a later task, not among the current task's microtasks", async () => {
    let resolved = false;
    const waiting = nextTask().then(() => (resolved = true));
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    const timerRan = new Promise<void>((resolve) => setTimeout(resolve, 0));
    await Promise.all([waiting, timerRan]);
    expect(resolved).toBe(true);
  });

  it("uses scheduler.yield() where the browser has it", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: schedulerYield });
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
