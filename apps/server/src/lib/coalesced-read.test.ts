import { describe, expect, it } from "vitest";
import { coalescedRead } from "./coalesced-read.js";

/** A read the test ends by hand: each call of `read` is one pending read, numbered from 1. */
function controlledReads() {
  const pending: { settle: (value: number | Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const number = pending.length + 1;
      pending.push({ settle: (value) => (value instanceof Error ? reject(value) : resolve(value ?? number)) });
    });
  return { read, pending };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesced read", () => {
  it("answers the calls that arrive during a read from one later read, never from the running one", async () => {
    const { read, pending } = controlledReads();
    const shared = coalescedRead(read);
    const first = shared();
    expect(pending).toHaveLength(1);
    const waiting = Array.from({ length: 10 }, () => shared());
    expect(pending).toHaveLength(1);
    pending[0]!.settle(1);
    expect(await first).toBe(1);
    await turn();
    // The ten waiters arrived while read 1 ran: they get read 2, which started after all of them.
    expect(pending).toHaveLength(2);
    pending[1]!.settle(2);
    expect(await Promise.all(waiting)).toEqual(Array(10).fill(2));
    // Nothing running: the next call reads afresh.
    const later = shared();
    expect(pending).toHaveLength(3);
    pending[2]!.settle(3);
    expect(await later).toBe(3);
  });

  it("keeps at most one read waiting, and a call during that read waits for the one after", async () => {
    const { read, pending } = controlledReads();
    const shared = coalescedRead(read);
    const first = shared();
    const second = shared();
    pending[0]!.settle(1);
    await first;
    await turn();
    expect(pending).toHaveLength(2);
    const third = shared();
    pending[1]!.settle(2);
    expect(await second).toBe(2);
    await turn();
    expect(pending).toHaveLength(3);
    pending[2]!.settle(3);
    expect(await third).toBe(3);
  });

  it("fails the calls a failed read served, and reads afresh on the next call", async () => {
    const { read, pending } = controlledReads();
    const shared = coalescedRead(read);
    const first = shared();
    const waiter = shared();
    pending[0]!.settle(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await turn();
    pending[1]!.settle(new Error("still gone"));
    await expect(waiter).rejects.toThrow("still gone");
    const after = shared();
    expect(pending).toHaveLength(3);
    pending[2]!.settle(7);
    expect(await after).toBe(7);
  });
});
