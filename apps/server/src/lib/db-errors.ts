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

/**
 * True when a row is still referenced: a foreign-key violation (23503), or 23001 from a reference
 * declared ON DELETE RESTRICT.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === "23503" || candidate.code === "23001") return true;
    current = candidate.cause;
  }
  return false;
}
