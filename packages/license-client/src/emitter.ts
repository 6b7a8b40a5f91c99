/**
 * The smallest event emitter that does the job, so the client runs in browsers too (no `node:events`).
 * A listener that throws does not disturb the others nor the heartbeats: its error is thrown again
 * on its own (an uncaught exception, as from any other callback).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listener signatures of any shape
export class Emitter<Events extends Record<keyof Events, (...args: any[]) => void>> {
  readonly #listeners = new Map<keyof Events, Set<Events[keyof Events]>>();

  /** Adds a listener; answers a function that removes it. */
  on<Name extends keyof Events>(event: Name, listener: Events[Name]): () => void {
    let listeners = this.#listeners.get(event);
    if (!listeners) this.#listeners.set(event, (listeners = new Set()));
    listeners.add(listener);
    return () => this.off(event, listener);
  }

  off<Name extends keyof Events>(event: Name, listener: Events[Name]): void {
    this.#listeners.get(event)?.delete(listener);
  }

  emit<Name extends keyof Events>(event: Name, ...args: Parameters<Events[Name]>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
