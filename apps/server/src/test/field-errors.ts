/** A body's field errors as path and English message, without the ids and values (ADR 113). */
export function pathsAndMessages(fields: { path: string; message: string }[] | undefined) {
  return (fields ?? []).map(({ path, message }) => ({ path, message }));
}
