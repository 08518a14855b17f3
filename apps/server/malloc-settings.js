// glibc's malloc settings for the server's process (ADR 075). Plain JavaScript, run before anything else loads.

/**
 * Freed memory above 1 MB at the top of a heap goes back to the system, and blocks of 4 MB or more
 * are mapped on their own. glibc's default raises both limits as big blocks come and go, and then
 * keeps what one big, short-lived job freed: the optimizing compile of the embedded database's SQL
 * parser (about 600 MB for a second) left 50 MB or more resident in an idle server.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=1048576:glibc.malloc.mmap_threshold=4194304';

/**
 * glibc reads its tunables once, when a process starts: on Linux, this process starts again in place
 * (same pid, arguments and streams) with them set, unless GLIBC_TUNABLES is already set (so by the
 * operator, or by this). Elsewhere, or where Node cannot replace its process, it goes on as it is.
 */
export function useMallocSettings() {
  if (process.platform !== 'linux' || process.env.GLIBC_TUNABLES !== undefined) return;
  if (typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    GLIBC_TUNABLES: MALLOC_TUNABLES,
  });
}
