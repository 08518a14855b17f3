import { afterEach, describe, expect, it } from 'vitest';
import {
  clearTimer,
  countedMinutes,
  formatCounted,
  parseTimer,
  startTimer,
  stopTimer,
  type TTimerOwner,
  timerText,
} from './task-timer.ts';

const owner: TTimerOwner = { organizationId: 'org-1', email: 'Sam@Example.com', eventId: 'e-1' };
const read = () => parseTimer(timerText(owner));

describe('a task timer', () => {
  afterEach(() => localStorage.clear());

  it('counts while it runs, keeps what it counted when stopped, and adds to it when started again', () => {
    startTimer(owner, 1_000);
    startTimer(owner, 5_000); // already running: its start stays
    expect(read()).toEqual({ runningSince: 1_000, countedMs: 0 });
    stopTimer(owner, 61_000);
    expect(read()).toEqual({ runningSince: null, countedMs: 60_000 });
    stopTimer(owner, 99_000); // already stopped: nothing changes
    expect(countedMinutes(read(), 500_000)).toBe(1);
    startTimer(owner, 100_000);
    expect(countedMinutes(read(), 100_001)).toBe(2); // a started minute counts
    clearTimer(owner);
    expect(read()).toBeNull();
    expect(countedMinutes(null, 0)).toBe(0);
  });

  it('is the person’s, whatever the case of their email, and ignores what is not a timer', () => {
    startTimer(owner, 0);
    expect(timerText({ ...owner, email: 'sam@example.com' })).not.toBeNull();
    expect(timerText({ ...owner, eventId: 'e-2' })).toBeNull();
    expect(parseTimer('{"runningSince":"soon","countedMs":1}')).toBeNull();
    expect(parseTimer('{"runningSince":null,"countedMs":-5}')).toBeNull();
    expect(parseTimer('not json')).toBeNull();
  });

  it('shows minutes and seconds, with hours once it passes one', () => {
    expect(formatCounted(0)).toBe('0:00');
    expect(formatCounted(729_000)).toBe('12:09');
    expect(formatCounted(3_909_000)).toBe('1:05:09');
  });
});
