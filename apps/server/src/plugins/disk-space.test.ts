import { API_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { tenantWorld } from '#server/test/tenant-world.ts';

// DATA_DIR holds the files (local storage): a minimum of free space no disk has makes it "full".
describe('changes while the disk of DATA_DIR is nearly full (ADR 140)', () => {
  const world = tenantWorld({ diskFreeMinMb: 1_000_000_000 });

  it('refuses changes with 507, Retry-After and a message; reading and signing in go on', async () => {
    expect(world.app.diskSpace?.low).toBe(true);
    const { headers } = world;
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: headers.memberA,
      payload: { name: 'Not stored' },
    });
    expect(created.statusCode).toBe(507);
    expect(created.headers['retry-after']).toBe('60');
    expect(created.json()).toEqual({
      code: 'INSUFFICIENT_STORAGE',
      message: API_MESSAGES.diskFull,
      messageId: 'api.diskFull',
    });
    const presign = await world.app.inject({
      method: 'POST',
      url: '/api/uploads/presign',
      headers: headers.memberA,
      payload: { fileName: 'a.txt', contentType: 'text/plain' },
    });
    expect(presign.statusCode).toBe(507);

    const list = await world.app.inject({ method: 'GET', url: '/api/assets', headers: headers.memberA });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { name: string }) => a.name)).not.toContain('Not stored');
    const signIn = await world.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.orgA.member.email, password: world.orgA.member.password },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('changes with room on the disk', () => {
  const world = tenantWorld();

  it('are taken as always', async () => {
    expect(world.app.diskSpace?.low).toBe(false);
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: world.headers.memberA,
      payload: { name: 'Stored' },
    });
    expect(created.statusCode).toBe(201);
  });
});
