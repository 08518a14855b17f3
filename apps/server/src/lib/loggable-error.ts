import pino from 'pino';

/** A Drizzle query error: its message lists every SQL parameter (emails, password hashes...). */
interface QueryError extends Error {
  query: string;
  params: unknown;
}

/** What the database said, as far as it names no value (node-postgres and PGlite errors alike). */
interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

function isQueryError(error: unknown): error is QueryError {
  return (
    error instanceof Error && typeof (error as Partial<QueryError>).query === 'string' && 'params' in error
  );
}

/** The "at ..." lines of a stack, without the message lines above them (which may hold values). */
function stackFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/**
 * The error as a log may show it. A database query error keeps its statement, SQLSTATE, constraint,
 * table and column, and loses the parameter values, the row details and, for data exceptions (class
 * 22, whose messages quote the refused input), the driver's message. Anything else is unchanged.
 */
export function loggableError(error: unknown): unknown {
  if (!isQueryError(error)) return error;
  const driver = (error.cause ?? {}) as DriverError;
  const code = typeof driver.code === 'string' ? driver.code : undefined;
  const driverMessage = typeof driver.message === 'string' && !code?.startsWith('22') ? driver.message : '';
  const safe = new Error(`Failed query: ${error.query}${driverMessage ? `\n${driverMessage}` : ''}`);
  safe.name = 'DatabaseQueryError';
  safe.stack = `${safe.name}: ${safe.message}\n${stackFrames(error.stack)}`;
  return Object.assign(safe, {
    query: error.query,
    code,
    constraint: driver.constraint,
    table: driver.table,
    column: driver.column,
  });
}

/** pino's error serializer, fed the loggable error: every `{ err }` the app logs goes through it. */
export function serializeLoggableError(error: Error): pino.SerializedError {
  return pino.stdSerializers.err(loggableError(error) as Error);
}
