/** The PostgreSQL error under a Drizzle query error (node-postgres and PGlite alike), if there is one. */
function databaseErrorOf(
  error: unknown,
): { code: string; constraint?: unknown; message?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    // Driver errors carry a severity beside the SQLSTATE; system errors (EPIPE...) do not.
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return current as { code: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True for PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, text with NUL, a
 * date it cannot store...). The contracts refuse such input first; this is the safety net.
 */
export function isDataException(error: unknown): boolean {
  return databaseErrorOf(error)?.code.startsWith('22') ?? false;
}

/**
 * True when the error (or a cause under a Drizzle query error) is a PostgreSQL unique violation,
 * optionally of the named constraint or index. Works for node-postgres and PGlite alike.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  if (found?.code !== '23505') return false;
  if (!constraint || found.constraint === constraint) return true;
  return typeof found.message === 'string' && found.message.includes(constraint);
}

/**
 * True when the error (or a cause) says the disk is full: PostgreSQL's disk_full (SQLSTATE 53100,
 * the embedded database's too) or a file write's ENOSPC/EDQUOT (the local file storage).
 */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code } = current as { code?: unknown };
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
