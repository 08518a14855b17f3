import { beforeEach, describe, expect, it } from 'vitest';
import { clearTimer, readTimer, spentMinutesOf, startTimer, stopTimer } from './task-timer.ts';

const OWNER = 'org-1:sam@example.com';
const MINUTE = 60_000;

describe('a task timer', () => {
  beforeEach(() => localStorage.clear());

  it('counts the runs between starts and stops, a minute started as a minute spent', () => {
    startTimer(OWNER, 'task-1', 0);
    expect(spentMinutesOf(readTimer(OWNER, 'task-1'), 10 * MINUTE + 1)).toBe(11);
    stopTimer(OWNER, 'task-1', 10 * MINUTE);
    // Stopped, it counts no more.
    expect(spentMinutesOf(readTimer(OWNER, 'task-1'), 60 * MINUTE)).toBe(10);
    startTimer(OWNER, 'task-1', 60 * MINUTE);
    stopTimer(OWNER, 'task-1', 65 * MINUTE);
    expect(spentMinutesOf(readTimer(OWNER, 'task-1'), 99 * MINUTE)).toBe(15);
  });

  it('is each person’s and each task’s, and forgotten once cleared', () => {
    startTimer(OWNER, 'task-1', 0);
    expect(readTimer('org-1:kim@example.com', 'task-1').startedAt).toBeNull();
    expect(readTimer(OWNER, 'task-2').startedAt).toBeNull();
    clearTimer(OWNER, 'task-1');
    expect(readTimer(OWNER, 'task-1')).toEqual({ startedAt: null, spentMs: 0 });
  });

  it('reads a damaged entry as a stopped timer', () => {
    localStorage.setItem(`mqr.taskTimer.${OWNER}.task-1`, '{not json');
    expect(readTimer(OWNER, 'task-1')).toEqual({ startedAt: null, spentMs: 0 });
  });
});
