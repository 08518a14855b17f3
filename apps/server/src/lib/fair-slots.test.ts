import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.ts';

/** Work that runs until released, noting when it started. */
function heldWork(started: string[], name: string) {
  let release = () => {};
  const finished = new Promise<void>((resolve) => {
    release = resolve;
  });
  const work = async () => {
    started.push(name);
    await finished;
    return name;
  };
  return { work, release };
}

describe('FairSlots', () => {
  it('runs at most atOnce, in the order asked', async () => {
    const slots = new FairSlots({ atOnce: 2, perOrganization: 2 });
    const started: string[] = [];
    const held = ['a1', 'b1', 'c1'].map((name) => ({ name, ...heldWork(started, name) }));
    const answers = held.map(({ name, work }) => slots.run(name.slice(0, 1), work));
    await nextTurn();
    expect(started).toEqual(['a1', 'b1']);
    expect(slots.load()).toEqual({ running: 2, waiting: 1, organization: 0 });
    held[0]!.release();
    await answers[0];
    await nextTurn();
    expect(started).toEqual(['a1', 'b1', 'c1']);
    for (const { release } of held) release();
    expect(await Promise.all(answers)).toEqual(['a1', 'b1', 'c1']);
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('leaves a slot to another organization while one floods the instance', async () => {
    const slots = new FairSlots({ atOnce: 4, perOrganization: 3 });
    const started: string[] = [];
    const flood = Array.from({ length: 20 }, (_, index) => heldWork(started, `a${index}`));
    const floodAnswers = flood.map(({ work }) => slots.run('a', work));
    await nextTurn();
    expect(started).toEqual(['a0', 'a1', 'a2']);
    expect(slots.load('a')).toEqual({ running: 3, waiting: 0, organization: 20 });
    const other = heldWork(started, 'b0');
    const otherAnswer = slots.run('b', other.work);
    await nextTurn();
    // Without the share per organization, b0 would wait for the 17 of a's asked before it.
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
    other.release();
    expect(await otherAnswer).toBe('b0');
    for (const { release } of flood) release();
    await Promise.all(floodAnswers);
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('makes work of another organization wait behind a share of each busy one, not behind all their work', async () => {
    const slots = new FairSlots({ atOnce: 4, perOrganization: 3 });
    const started: string[] = [];
    const floodA = Array.from({ length: 10 }, (_, index) => heldWork(started, `a${index}`));
    const floodB = Array.from({ length: 10 }, (_, index) => heldWork(started, `b${index}`));
    const answers = [
      ...floodA.map(({ work }) => slots.run('a', work)),
      ...floodB.map(({ work }) => slots.run('b', work)),
    ];
    await nextTurn();
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
    const other = heldWork(started, 'c0');
    const otherAnswer = slots.run('c', other.work);
    await nextTurn();
    expect(slots.load()).toEqual({ running: 4, waiting: 3, organization: 0 });
    // Ahead of c0: b1 and b2 (b's share); a3 joins the instance's queue when a0 ends, after c0.
    for (const finished of [floodA[0]!, floodB[0]!, floodA[1]!]) {
      finished.release();
      await nextTurn();
    }
    expect(started.slice(4)).toEqual(['b1', 'b2', 'c0']);
    other.release();
    for (const { release } of [...floodA, ...floodB]) release();
    await Promise.all([...answers, otherAnswer]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('frees the slot and answers the error of work that fails', async () => {
    const slots = new FairSlots({ atOnce: 1, perOrganization: 1 });
    await expect(slots.run('a', () => Promise.reject(new Error('write failed')))).rejects.toThrow(
      'write failed',
    );
    expect(await slots.run('a', async () => 'next')).toBe('next');
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('refuses a share per organization larger than the instance', () => {
    expect(() => new FairSlots({ atOnce: 2, perOrganization: 3 })).toThrow(RangeError);
  });
});
