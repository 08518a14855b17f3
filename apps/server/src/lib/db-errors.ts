/**
 * True when the error (or a cause under a Drizzle query error) is a PostgreSQL unique violation,
 * optionally of the named constraint or index. Works for node-postgres and PGlite alike.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const {
      code,
      constraint: name,
      message,
    } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      if (!constraint) return true;
      if (name === constraint) return true;
      if (typeof message === 'string' && message.includes(constraint)) return true;
      return false;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
