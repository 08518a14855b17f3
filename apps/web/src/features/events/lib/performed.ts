/**
 * Whether an event shows a performed date (ADR 096): work done, or recorded by hand with the date a
 * person gave; a planned task that is not completed yet has not been performed, and shows its due
 * date instead.
 */
export function showsPerformedDate(event: { dueOn: string | null; taskStatus: string }): boolean {
  return event.dueOn === null || event.taskStatus === 'Completed';
}
