import { useLingui } from '@lingui/react';
import type { TMeter, TUsageTriggered } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { needsConfirm, type TReadingOutcome, useRecordReading } from '../api/record-reading.ts';
import { formatReading, parseReading } from '../lib/meter-format.ts';
import { METER_TEXTS } from '../texts.ts';
import styles from './meters.module.css';

/** A date and time as a datetime-local input shows it, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a reading set off, in words: the tasks due now, the dates a "whichever last" waits for. */
export function triggeredText(
  triggered: TUsageTriggered[],
  say: (m: ReturnType<typeof METER_TEXTS.dueNow>) => string,
) {
  const now = triggered.filter((item) => item.taskId !== null).map((item) => item.title);
  const later = triggered
    .filter((item) => item.taskId === null)
    .map((item) => say(METER_TEXTS.dueOn(item.title, formatCalendarDate(item.dueOn))));
  return [now.length > 0 ? say(METER_TEXTS.dueNow(now.join(', '))) : null, ...later]
    .filter(Boolean)
    .join(' ');
}

type TReadingDialogProps = {
  meter: TMeter;
  onClose: () => void;
  /** After a reading is saved (or kept on the device): what to say on the card. */
  onDone: (outcome: TReadingOutcome) => void;
  /** What else a reading changes (a usage schedule's task: the asset, its schedules). */
  onChanged?: () => void;
};

type TErrors = Partial<Record<'value' | 'readAt' | 'note' | 'isReplacement', string>>;

/**
 * "Add reading" (docs/product/meters.md#entering-a-reading): the value, when it was read (now
 * unless changed), a note, and whether the meter was replaced. A reading lower than the last is
 * refused under the value; an unusual jump asks "Is this reading right?" and is saved when
 * confirmed. Offline, it waits in the outbox.
 */
export function ReadingDialog({ meter, onClose, onDone, onChanged }: TReadingDialogProps) {
  const { _ } = useLingui();
  const record = useRecordReading(meter, onChanged);
  const [opened] = useState(() => toLocalInput(new Date()));
  const [value, setValue] = useState('');
  const [readAt, setReadAt] = useState(opened);
  const [note, setNote] = useState('');
  const [replacement, setReplacement] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's question about an unusual jump, for the value it was asked about. */
  const [question, setQuestion] = useState<{ text: string; value: number } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    const found: TErrors = {};
    const number = parseReading(value);
    if (number === null) found.value = _(METER_TEXTS.valueInvalid);
    const at = readAt === opened ? undefined : new Date(readAt);
    if (at && Number.isNaN(at.getTime())) found.readAt = _(METER_TEXTS.readAtInvalid);
    setErrors(found);
    setFailure(null);
    if (number === null || Object.keys(found).length > 0) return;
    try {
      const outcome = await record.mutateAsync({
        value: number,
        note: note.trim() === '' ? null : note.trim(),
        isReplacement: replacement,
        confirm: question?.value === number,
        eventId: null,
        readAt: at?.toISOString(),
      });
      onDone(outcome);
    } catch (error) {
      if (needsConfirm(error)) {
        setQuestion({ text: error.message, value: number });
        return;
      }
      setQuestion(null);
      const placed: TErrors = {};
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (field.path in { value: 1, readAt: 1, note: 1, isReplacement: 1 }) {
            placed[field.path as keyof TErrors] = field.message;
          }
        }
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFailure(failureMessage(_(METER_TEXTS.saveFailed), error));
    }
  }

  const asking = question !== null && question.value === parseReading(value);
  const pending = record.isPending;
  return (
    <Dialog title={_(METER_TEXTS.readingTitle(meter.name))} busy={pending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          label={_(METER_TEXTS.value(meter.unit))}
          inputMode="decimal"
          autoComplete="off"
          aria-required
          value={value}
          error={errors.value}
          hint={
            meter.lastValue === null
              ? undefined
              : _(METER_TEXTS.valueHint(formatReading(meter.lastValue, meter.unit)))
          }
          onChange={(event) => setValue(event.target.value)}
        />
        <TextField
          label={_(METER_TEXTS.readAt)}
          type="datetime-local"
          hint={_(METER_TEXTS.readAtHint)}
          value={readAt}
          error={errors.readAt}
          onChange={(event) => setReadAt(event.target.value)}
        />
        <TextareaField
          label={_(METER_TEXTS.note)}
          rows={2}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        <CheckboxField
          label={_(METER_TEXTS.replacement)}
          hint={errors.isReplacement ?? _(METER_TEXTS.replacementHint)}
          checked={replacement}
          onChange={(event) => setReplacement(event.target.checked)}
        />
        <DialogFooter>
          {asking ? (
            <Alert>
              <strong>{_(METER_TEXTS.confirmTitle)}</strong> {question.text}
            </Alert>
          ) : null}
          {failure ? <Alert>{failure}</Alert> : null}
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={pending} onClick={onClose}>
              {_(METER_TEXTS.cancel)}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? _(METER_TEXTS.saving) : asking ? _(METER_TEXTS.confirm) : _(METER_TEXTS.save)}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
