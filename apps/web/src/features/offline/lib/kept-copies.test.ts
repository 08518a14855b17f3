import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { keepCopies } from './kept-copies.ts';
import { boundKeptReads, type TKeptRead } from './kept-reads.ts';
import { clearOwner, forgetOtherUsers, offlineDb } from './offline-db.ts';

const READS: TKeptRead[] = [
  { key: ['assets', 'detail'], limit: 2 },
  { key: ['tasks', 'pending'], limit: 5 },
];

let signedIn: string | null = 'org:alice';
const currentOwner = () => signedIn;

/** The app's query client at a start of the app, keeping READS for the signed-in user. */
async function startApp(owner = 'org:alice', buster = 'v1') {
  const queryClient = new QueryClient();
  boundKeptReads(queryClient, READS);
  const copies = keepCopies(queryClient, { owner, currentOwner, reads: READS, buster });
  await copies.restored;
  return { queryClient, copies };
}

const keptKeys = async (owner: string) =>
  ((await (await offlineDb()).get('queries', owner))?.client.clientState.queries ?? []).map(
    (query) => query.queryKey,
  );

describe('the kept copies (the query cache kept on the device, ADR 090)', () => {
  afterEach(async () => {
    signedIn = 'org:alice';
    await clearOwner('org:alice');
    await clearOwner('org:bob');
  });

  it('keeps the kept reads of the signed-in user, and gives them back to that user only at the next start', async () => {
    const first = await startApp();
    first.queryClient.setQueryData(['assets', 'detail', 'a1'], { name: 'Pump' });
    first.queryClient.setQueryData(['assets', 'list', { page: 1 }], ['not kept']);
    await expect.poll(() => keptKeys('org:alice')).toEqual([['assets', 'detail', 'a1']]);
    first.copies.stop();

    const again = await startApp();
    expect(again.queryClient.getQueryData(['assets', 'detail', 'a1'])).toEqual({ name: 'Pump' });
    expect(again.queryClient.getQueryData(['assets', 'list', { page: 1 }])).toBeUndefined();
    again.copies.stop();

    signedIn = 'org:bob';
    const bob = await startApp('org:bob');
    expect(bob.queryClient.getQueryData(['assets', 'detail', 'a1'])).toBeUndefined();
    bob.copies.stop();
    await forgetOtherUsers('org:bob');
    expect(await keptKeys('org:alice')).toEqual([]);
  });

  it('gives the kept copies back as stale, so a screen that uses one reads it again', async () => {
    const first = await startApp();
    first.queryClient.setQueryData(['assets', 'detail', 'a1'], { name: 'Pump' });
    await expect.poll(() => keptKeys('org:alice')).toHaveLength(1);
    first.copies.stop();

    const again = await startApp();
    const restored = again.queryClient.getQueryCache().find({ queryKey: ['assets', 'detail', 'a1'] });
    expect(restored?.state.data).toEqual({ name: 'Pump' });
    // Fresh for 30 s by the app's default, had it not been marked: a reload would show the old copy.
    expect(restored?.isStaleByTime(30_000)).toBe(true);
    again.copies.stop();
  });

  it('writes nothing once the user is signed out: the cache emptied then leaves the kept copies as they were', async () => {
    const { queryClient, copies } = await startApp();
    queryClient.setQueryData(['tasks', 'pending', { page: 1 }], { items: [1] });
    await expect.poll(() => keptKeys('org:alice')).toHaveLength(1);
    // The session ended by itself (an expired token): the app empties its cache.
    signedIn = null;
    queryClient.clear();
    queryClient.setQueryData(['tasks', 'pending', { page: 2 }], { items: [2] });
    // Time for a write, had one been started.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keptKeys('org:alice')).toEqual([['tasks', 'pending', { page: 1 }]]);
    copies.stop();
  });

  it('keeps each kind of read to its limit, dropping the ones read longest ago', async () => {
    const { queryClient, copies } = await startApp();
    for (const id of ['a1', 'a2', 'a3']) {
      queryClient.setQueryData(['assets', 'detail', id], { id }, { updatedAt: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(queryClient.getQueryData(['assets', 'detail', 'a1'])).toBeUndefined();
    await expect
      .poll(() => keptKeys('org:alice'))
      .toEqual([
        ['assets', 'detail', 'a2'],
        ['assets', 'detail', 'a3'],
      ]);
    copies.stop();
  });

  it('keeps what a query had read when a later read fails, as read', async () => {
    const { queryClient, copies } = await startApp();
    queryClient.setQueryData(['assets', 'detail', 'a1'], { name: 'Pump' });
    await queryClient
      .fetchQuery({
        queryKey: ['assets', 'detail', 'a1'],
        queryFn: () => Promise.reject(new Error('Failed to fetch')),
        staleTime: 0,
        retry: false,
      })
      .catch(() => {});
    expect(queryClient.getQueryState(['assets', 'detail', 'a1'])?.status).toBe('error');
    const keptState = async () =>
      (await (await offlineDb()).get('queries', 'org:alice'))?.client.clientState.queries[0]?.state;
    await expect.poll(async () => (await keptState())?.errorUpdatedAt).toBeGreaterThan(0);
    copies.stop();

    const again = await startApp();
    expect(again.queryClient.getQueryState(['assets', 'detail', 'a1'])).toMatchObject({
      status: 'success',
      data: { name: 'Pump' },
      error: null,
    });
    again.copies.stop();
  });

  it('drops copies kept for another shape of the API', async () => {
    const first = await startApp('org:alice', 'v1');
    first.queryClient.setQueryData(['assets', 'detail', 'a1'], { name: 'Pump' });
    await expect.poll(() => keptKeys('org:alice')).toHaveLength(1);
    first.copies.stop();
    const next = await startApp('org:alice', 'v2');
    expect(next.queryClient.getQueryData(['assets', 'detail', 'a1'])).toBeUndefined();
    next.copies.stop();
  });
});
