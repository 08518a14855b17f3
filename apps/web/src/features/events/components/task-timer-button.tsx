import { useLingui } from '@lingui/react';
import { Button } from '#web/components/ui/button.tsx';
import { useTaskTimer } from '../hooks/use-task-timer.ts';
import { formatCounted } from '../lib/task-timer.ts';
import { WORK_TEXTS } from '../texts.ts';

type TTaskTimerButtonProps = {
  eventId: string;
  disabled?: boolean;
  /** The task's title element, which names the task the button times. */
  'aria-describedby'?: string;
};

/**
 * The signed-in person's start/stop timer of an open task (docs/product/events-and-tasks.md#timer):
 * "Start timer", then "Stop timer 12:09" while it runs, then "Resume timer 12:09"; what it counted is
 * their time when the task is completed.
 */
export function TaskTimerButton({
  eventId,
  disabled,
  'aria-describedby': describedBy,
}: TTaskTimerButtonProps) {
  const { _ } = useLingui();
  const timer = useTaskTimer(eventId);
  if (!timer.available) return null;
  const counted = formatCounted(timer.countedMs);
  let label = _(WORK_TEXTS.startTimer);
  if (timer.running) label = _(WORK_TEXTS.stopTimer(counted));
  else if (timer.countedMs > 0) label = _(WORK_TEXTS.resumeTimer(counted));
  return (
    <Button
      variant="secondary"
      disabled={disabled}
      aria-pressed={timer.running}
      aria-describedby={describedBy}
      onClick={timer.running ? timer.stop : timer.start}
    >
      {label}
    </Button>
  );
}
