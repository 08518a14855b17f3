import { describe, expect, it } from 'vitest';
import { renameStatements, sessionStatementName } from './pglite-statement-names.ts';

/** A typed protocol message: type byte, length, body. */
function message(type: string, ...parts: (string | Buffer)[]): Buffer {
  const body = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const noParameters = Buffer.from([0, 0]);

describe('renameStatements', () => {
  it("prefixes the statement names of Parse, Bind, Describe and Close with the connection's", () => {
    const names = new Set<string>();
    const unit = Buffer.concat([
      message('P', 'asset_by_id\0', 'select 1\0', noParameters),
      message('B', '\0', 'asset_by_id\0', Buffer.from([0, 0, 0, 0, 0, 0])),
      message('D', 'S', 'asset_by_id\0'),
      message('E', '\0', Buffer.from([0, 0, 0, 0])),
      message('C', 'S', 'asset_by_id\0'),
      message('S'),
    ]);
    const renamed = renameStatements(7, unit, names);
    const name = sessionStatementName(7, 'asset_by_id');
    expect(renamed).toEqual(
      Buffer.concat([
        message('P', `${name}\0`, 'select 1\0', noParameters),
        message('B', '\0', `${name}\0`, Buffer.from([0, 0, 0, 0, 0, 0])),
        message('D', 'S', `${name}\0`),
        message('E', '\0', Buffer.from([0, 0, 0, 0])),
        message('C', 'S', `${name}\0`),
        message('S'),
      ]),
    );
    expect([...names]).toEqual([name]);
  });

  it('leaves unnamed statements and portals as they are', () => {
    const names = new Set<string>();
    const unit = Buffer.concat([
      message('P', '\0', 'select $1\0', noParameters),
      message('B', 'portal\0', '\0', Buffer.from([0, 0, 0, 0, 0, 0])),
      message('D', 'P', 'portal\0'),
      message('S'),
    ]);
    expect(renameStatements(3, unit, names)).toBe(unit);
    expect(names.size).toBe(0);
  });
});
