/**
 * A read whose answer is the same for every caller (the admin dashboard's portal-wide figures),
 * shared by the calls that overlap: a call that arrives while a read is running waits for the next
 * read, which starts as soon as the running one ends and answers every call that waited for it.
 *
 * A call never gets an answer read before it arrived, so a caller sees each write that was committed
 * before its call (an activation, then the dashboard, shows the new installation). At most one read
 * runs at a time and at most one waits, however many calls arrive: at 32 concurrent dashboards the
 * database answered 32 reads of the same figures where one or two now serve them all.
 *
 * A failed read fails the calls it served, and the next call starts afresh.
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const started = read().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      next = undefined;
      // A read started by a call that came after the running one ended began after every waiter
      // arrived too: the waiters may share it.
      return running ?? start();
    });
    return next;
  };
}
