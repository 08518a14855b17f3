import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { offlineDb } from './offline-db.ts';

describe('the offline database', () => {
  it('upgrades a device of the first version: the kept answers go, the outbox waiting on it stays', async () => {
    const first = await openDB('mqr-offline', 1, {
      upgrade(db) {
        db.createObjectStore('reads', { keyPath: ['owner', 'url'] }).createIndex('owner', 'owner');
        db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true }).createIndex('owner', 'owner');
      },
    });
    await first.put('reads', { owner: 'org:alice', url: '/api/assets/a1', body: new ArrayBuffer(1) });
    await first.add('outbox', { owner: 'org:alice', createdAt: '2026-05-03T13:03:00.000Z' });
    first.close();

    const db = await offlineDb();
    expect([...db.objectStoreNames].sort()).toEqual(['outbox', 'queries']);
    expect(await db.getAllFromIndex('outbox', 'owner', 'org:alice')).toMatchObject([
      { createdAt: '2026-05-03T13:03:00.000Z' },
    ]);
  });
});
