/** The constraint a PostgreSQL unique violation (23505) names, whichever driver raised it. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") return typeof candidate.constraint === "string" ? candidate.constraint : "";
    current = candidate.cause;
  }
  return undefined;
}
