import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth-store.ts';
import { formatMinutes } from '#web/lib/money.ts';
import { clearTimer, readTimer, spentMinutesOf, startTimer, stopTimer } from '../lib/task-timer.ts';
import { WORK_TEXTS } from '../texts.ts';

/** How often a running timer's minutes are shown again. */
const TICK_MS = 15_000;

/** The signed-in person's timer on a task (lib/task-timer.ts), kept up to date while it runs. */
export function useTaskTimer(eventId: string) {
  const auth = useAuth();
  const owner = auth ? `${auth.organizationId}:${auth.email}` : '';
  const [timer, setTimer] = useState(() => readTimer(owner, eventId));
  const [now, setNow] = useState(() => Date.now());
  const running = timer.startedAt !== null;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  // Another tab of this person started or stopped it.
  useEffect(() => {
    const onStorage = () => setTimer(readTimer(owner, eventId));
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [owner, eventId]);
  const act = (change: typeof startTimer) => {
    const at = Date.now();
    setTimer(change(owner, eventId, at));
    setNow(at);
  };
  return {
    running,
    minutes: spentMinutesOf(timer, now),
    start: () => act(startTimer),
    stop: () => act(stopTimer),
    clear: () => {
      clearTimer(owner, eventId);
      setTimer(readTimer(owner, eventId));
    },
  };
}

/**
 * "Start timer" on an open task, "Stop timer (0:12)" while it runs, "Resume timer (0:12)" after: the
 * time is offered as "Your time spent" when the task is completed with its time and costs.
 */
export function TaskTimerButton({
  eventId,
  disabled,
  describedBy,
}: {
  eventId: string;
  disabled: boolean;
  describedBy?: string;
}) {
  const { _ } = useLingui();
  const timer = useTaskTimer(eventId);
  const time = formatMinutes(timer.minutes);
  const label = timer.running
    ? _(WORK_TEXTS.stopTimer(time))
    : timer.minutes > 0
      ? _(WORK_TEXTS.resumeTimer(time))
      : _(WORK_TEXTS.startTimer);
  return (
    <Button
      variant="ghost"
      disabled={disabled}
      aria-pressed={timer.running}
      aria-describedby={describedBy}
      onClick={timer.running ? timer.stop : timer.start}
    >
      {label}
    </Button>
  );
}
