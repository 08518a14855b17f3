import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { type AuthHeaders, createTenants } from '../test/tenant-world.ts';

describe('logged database errors', () => {
  const lines: string[] = [];
  let t: TestApp;
  let admin: AuthHeaders;

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
    admin = (await createTenants(t)).headers.adminA;
    // Makes one insert fail in the database itself, after the password was hashed.
    await t.db.execute(sql`
      alter table users add constraint test_refuses_this_name check (display_name <> 'Refused By The Database')
    `);
  });
  afterAll(() => t.close());

  it('carry no SQL parameter values: no password, no password hash, no email', async () => {
    const password = 'a-very-secret-password-41';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: { email: 'leak-check@example.com', displayName: 'Refused By The Database', password },
    });
    expect(response.statusCode).toBe(500);
    const failure = lines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    // What a developer needs is still there: the SQLSTATE, the constraint and the statement.
    expect(failure).toContain('23514');
    expect(failure).toContain('test_refuses_this_name');
    expect(failure).toContain('insert into');
    const log = lines.join('\n');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(password);
    expect(log).not.toContain('leak-check@example.com');
  });
});
