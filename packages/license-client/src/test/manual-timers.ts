import type { LicenseClientTimers } from "../index.js";

/**
 * The client's clock and timers under the test's control: `fire()` moves the clock to the pending
 * timer's time and runs it, so a heartbeat due in 30 s happens at once, with the client believing
 * 30 s went by. The server keeps real time; its lease ends are moved in the database.
 */
export class ManualClock implements LicenseClientTimers {
  now = Date.now();
  readonly #pending: { id: number; callback: () => void; ms: number }[] = [];
  #ids = 0;

  readonly read = (): number => this.now;

  setTimeout(callback: () => void, ms: number): number {
    const id = ++this.#ids;
    this.#pending.push({ id, callback, ms });
    return id;
  }

  clearTimeout(handle: unknown): void {
    const index = this.#pending.findIndex((timer) => timer.id === handle);
    if (index >= 0) this.#pending.splice(index, 1);
  }

  /** The delays of the timers the client has scheduled (it keeps at most one). */
  get pending(): number[] {
    return this.#pending.map((timer) => timer.ms);
  }

  /** Moves the clock to the one pending timer and runs it: its delay. */
  fire(): number {
    if (this.#pending.length !== 1) throw new Error(`expected one pending timer, found ${this.#pending.length}`);
    const timer = this.#pending.shift()!;
    this.now += timer.ms;
    timer.callback();
    return timer.ms;
  }

  advance(ms: number): void {
    this.now += ms;
  }
}
