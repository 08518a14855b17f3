import { useLingui } from '@lingui/react';
import { DEFAULT_CURRENCY } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TaskMeterReadings, useTaskReadings } from '#web/features/meters/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { formatMinutes, formatMoney, parseMinutes, parseMoney, parseQuantity } from '#web/lib/money.ts';
import type { TTaskWork } from '../api/task-action.ts';
import { timerMinutesOf, useTimerOwner } from '../hooks/use-task-timer.ts';
import { WORK_TEXTS } from '../texts.ts';
import styles from './complete-task-dialog.module.css';
import { fromDateTimeLocal, toDateTimeLocal } from './event-form-values.ts';

type TCostRow = { key: number; description: string; quantity: string; unitCost: string };

type TCompleteTaskDialogProps = {
  /** The task's asset, whose meters' readings are entered with it. */
  assetId: string;
  /** The task's event id: the person's timer of it fills in their time (ADR 143). */
  eventId: string;
  title: string;
  /** The task's downtime so far (the "asset is down" switch), shown and editable. */
  downFrom: string | null;
  busy: boolean;
  onComplete: (work: TTaskWork) => void;
  onClose: () => void;
};

type TErrors = Record<string, string>;

/**
 * The work of a task, entered as it is completed (docs/product/events-and-tasks.md#work-and-costs):
 * the user's time (minutes or h:mm), cost lines in the organization's currency, and the downtime.
 * Completing is this dialog's button: it asks nothing more.
 */
export function CompleteTaskDialog({
  assetId,
  eventId,
  title,
  downFrom,
  busy,
  onComplete,
  onClose,
}: TCompleteTaskDialogProps) {
  const { _ } = useLingui();
  const readings = useTaskReadings(assetId, eventId);
  const [sending, setSending] = useState(false);
  const currency = useAuth()?.currency ?? DEFAULT_CURRENCY;
  const owner = useTimerOwner(eventId);
  const [timed] = useState(() => timerMinutesOf(owner));
  const [time, setTime] = useState(timed > 0 ? formatMinutes(timed) : '');
  const [rows, setRows] = useState<TCostRow[]>([]);
  const [from, setFrom] = useState(downFrom ? toDateTimeLocal(downFrom) : '');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [nextKey, setNextKey] = useState(1);

  const change = (key: number, part: Partial<TCostRow>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...part } : row)));

  function check(): { work: TTaskWork } | { errors: TErrors } {
    const found: TErrors = {};
    const work: TTaskWork = {};
    if (time.trim() !== '') {
      const minutes = parseMinutes(time);
      if (minutes === null) found.time = _(WORK_TEXTS.timeInvalid);
      else work.timeSpent = [{ minutes }];
    }
    const costs = rows.map((row) => {
      const quantity = parseQuantity(row.quantity);
      const unitCostMinor = parseMoney(row.unitCost, currency);
      if (row.description.trim() === '') found[`d${row.key}`] = _(WORK_TEXTS.descriptionRequired);
      if (quantity === null) found[`q${row.key}`] = _(WORK_TEXTS.quantityInvalid);
      if (unitCostMinor === null) found[`u${row.key}`] = _(WORK_TEXTS.unitCostInvalid);
      return {
        description: row.description.trim(),
        quantity: quantity ?? 0,
        unitCostMinor: unitCostMinor ?? 0,
      };
    });
    if (costs.length > 0) work.costs = costs;
    if (from.trim() !== '') {
      const start = fromDateTimeLocal(from);
      if (!start) found.from = _(WORK_TEXTS.downtimeInvalid);
      else work.downFrom = start;
    } else if (downFrom) work.downFrom = null;
    if (to.trim() !== '') {
      const end = fromDateTimeLocal(to);
      if (!end) found.to = _(WORK_TEXTS.downtimeInvalid);
      else work.downTo = end;
    }
    return Object.keys(found).length > 0 ? { errors: found } : { work };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || sending) return;
    const result = check();
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    // The meters' readings first, each saved with the task: a refused one holds the completion back.
    setSending(true);
    const read = await readings.send().finally(() => setSending(false));
    if (read) onComplete(result.work);
  }

  const total = rows.reduce((sum, row) => {
    const quantity = parseQuantity(row.quantity);
    const unit = parseMoney(row.unitCost, currency);
    return quantity === null || unit === null ? sum : sum + Math.round(quantity * unit);
  }, 0);

  return (
    <Dialog title={_(WORK_TEXTS.completeTitle(title))} busy={busy || sending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || sending}>
        <TextField
          label={_(WORK_TEXTS.timeSpent)}
          hint={
            timed > 0
              ? `${_(WORK_TEXTS.timeSpentHint)} ${_(WORK_TEXTS.timeFromTimer)}`
              : _(WORK_TEXTS.timeSpentHint)
          }
          inputMode="numeric"
          autoComplete="off"
          value={time}
          error={errors.time}
          onChange={(e) => setTime(e.target.value)}
        />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{_(WORK_TEXTS.costs)}</legend>
          {rows.map((row, index) => (
            <div key={row.key} className={styles.costRow}>
              <TextField
                label={_(WORK_TEXTS.description)}
                autoComplete="off"
                value={row.description}
                error={errors[`d${row.key}`]}
                onChange={(e) => change(row.key, { description: e.target.value })}
              />
              <TextField
                label={_(WORK_TEXTS.quantity)}
                inputMode="decimal"
                value={row.quantity}
                error={errors[`q${row.key}`]}
                onChange={(e) => change(row.key, { quantity: e.target.value })}
              />
              <TextField
                label={_(WORK_TEXTS.unitCost(currency))}
                inputMode="decimal"
                value={row.unitCost}
                error={errors[`u${row.key}`]}
                onChange={(e) => change(row.key, { unitCost: e.target.value })}
              />
              <Button
                variant="ghost"
                className={styles.remove}
                aria-label={_(WORK_TEXTS.removeCost(index + 1))}
                onClick={() => setRows((list) => list.filter((other) => other.key !== row.key))}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </div>
          ))}
          <div className={styles.costFoot}>
            <Button
              variant="secondary"
              onClick={() => {
                setRows((list) => [...list, { key: nextKey, description: '', quantity: '1', unitCost: '' }]);
                setNextKey(nextKey + 1);
              }}
            >
              {_(WORK_TEXTS.addCost)}
            </Button>
            {rows.length > 0 ? <output>{_(WORK_TEXTS.total(formatMoney(total, currency)))}</output> : null}
          </div>
        </fieldset>
        <TaskMeterReadings readings={readings} />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{_(WORK_TEXTS.downtime)}</legend>
          <div className={styles.pair}>
            <TextField
              label={_(WORK_TEXTS.downFrom)}
              type="datetime-local"
              value={from}
              error={errors.from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextField
              label={_(WORK_TEXTS.downTo)}
              type="datetime-local"
              hint={_(WORK_TEXTS.downToHint)}
              value={to}
              error={errors.to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </fieldset>
        <DialogFooter>
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={busy || sending} onClick={onClose}>
              {_(WORK_TEXTS.cancel)}
            </Button>
            <Button type="submit" disabled={busy || sending}>
              {_(busy || sending ? WORK_TEXTS.completing : WORK_TEXTS.complete)}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
