/**
 * Named prepared statements of several connections in PGlite's one session (ADR 078): each
 * connection's names get its own prefix, so two connections that prepare the same name (node-postgres
 * prepares each named statement once per connection) never meet. Unnamed statements and portals are
 * left as they are: a unit of messages runs whole, so a connection's unnamed statement is used before
 * another connection's unit can replace it.
 */

const PARSE = 0x50; // 'P': statement name, query, parameter types
const BIND = 0x42; // 'B': portal name, statement name, …
const DESCRIBE = 0x44; // 'D': 'S' or 'P', name
const CLOSE = 0x43; // 'C': 'S' or 'P', name
const STATEMENT = 0x53; // 'S'

/** The session-wide name of connection `id`'s statement `name`. */
export function sessionStatementName(id: number, name: string): string {
  return `c${id}_${name}`;
}

/** The NUL-terminated string at `at`, and where what follows it starts. */
function cString(bytes: Buffer, at: number): { text: Buffer; next: number } {
  const end = bytes.indexOf(0, at);
  if (end < 0) throw new Error('A protocol message ends inside a name.');
  return { text: bytes.subarray(at, end), next: end + 1 };
}

/** A message's body with the statement name at `at` (a C string) prefixed, or the body unchanged when unnamed. */
function renameAt(id: number, body: Buffer, at: number, names: Set<string>): Buffer {
  const { text, next } = cString(body, at);
  if (text.length === 0) return body;
  const renamed = sessionStatementName(id, text.toString('utf8'));
  names.add(renamed);
  return Buffer.concat([body.subarray(0, at), Buffer.from(`${renamed}\0`, 'utf8'), body.subarray(next)]);
}

function renamedBody(id: number, type: number, body: Buffer, names: Set<string>): Buffer {
  switch (type) {
    case PARSE:
      return renameAt(id, body, 0, names);
    case BIND:
      return renameAt(id, body, cString(body, 0).next, names);
    case DESCRIBE:
    case CLOSE:
      return body[0] === STATEMENT ? renameAt(id, body, 1, names) : body;
    default:
      return body;
  }
}

/**
 * The typed messages of `unit` (a connection's batch, see pglite-worker.ts) with their statement names
 * made the connection's own; every name it uses is added to `names`.
 */
export function renameStatements(id: number, unit: Buffer, names: Set<string>): Buffer {
  const messages: Buffer[] = [];
  let changed = false;
  let at = 0;
  while (at + 5 <= unit.length) {
    const type = unit[at]!;
    const length = unit.readInt32BE(at + 1);
    const body = unit.subarray(at + 5, at + 1 + length);
    const renamed = renamedBody(id, type, body, names);
    if (renamed === body) {
      messages.push(unit.subarray(at, at + 1 + length));
    } else {
      changed = true;
      const header = Buffer.alloc(5);
      header[0] = type;
      header.writeInt32BE(renamed.length + 4, 1);
      messages.push(header, renamed);
    }
    at += 1 + length;
  }
  return changed ? Buffer.concat(messages) : unit;
}
