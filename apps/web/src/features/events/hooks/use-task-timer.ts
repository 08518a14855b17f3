import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '#web/lib/auth-store.ts';
import {
  clearTimer,
  countedMinutes,
  countedMs,
  parseTimer,
  startTimer,
  stopTimer,
  subscribeTimers,
  type TTimerOwner,
  timerText,
} from '../lib/task-timer.ts';

/** The signed-in person's timer owner for a task, or null when nobody is signed in. */
export function useTimerOwner(eventId: string): TTimerOwner | null {
  const auth = useAuth();
  return auth ? { organizationId: auth.organizationId, email: auth.email, eventId } : null;
}

/**
 * The signed-in person's timer of a task (lib/task-timer.ts): whether it runs, what it has counted
 * (ticking each second while it runs), and its actions.
 */
export function useTaskTimer(eventId: string) {
  const owner = useTimerOwner(eventId);
  const text = useSyncExternalStore(subscribeTimers, () => (owner ? timerText(owner) : null));
  const timer = parseTimer(text);
  const running = timer?.runningSince != null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running]);
  const organizationId = owner?.organizationId;
  const email = owner?.email;
  const start = useCallback(() => {
    if (organizationId && email) startTimer({ organizationId, email, eventId }, Date.now());
  }, [organizationId, email, eventId]);
  const stop = useCallback(() => {
    if (organizationId && email) stopTimer({ organizationId, email, eventId }, Date.now());
  }, [organizationId, email, eventId]);
  return { available: owner !== null, running, countedMs: countedMs(timer, now), start, stop };
}

/** What the person's timer of the task has counted, in whole minutes (read once, when completing). */
export function timerMinutesOf(owner: TTimerOwner | null): number {
  return owner ? countedMinutes(parseTimer(timerText(owner)), Date.now()) : 0;
}

export { clearTimer };
