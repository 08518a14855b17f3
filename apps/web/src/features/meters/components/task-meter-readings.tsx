import { useLingui } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useOfflineWrites } from '#web/lib/offline-writes.ts';
import { useAssetMeters } from '../api/get-asset-meters.ts';
import { meterKeys } from '../api/meter-keys.ts';
import { needsConfirm, recordReading } from '../api/record-reading.ts';
import { formatReading, parseReading } from '../lib/meter-format.ts';
import { METER_TEXTS } from '../texts.ts';
import styles from './meters.module.css';

/** The readings typed while completing a task, and what sends them. */
export type TTaskReadings = {
  meters: TMeter[];
  values: Record<string, string>;
  setValue: (meterId: string, value: string) => void;
  errors: Record<string, string>;
  /** The server's question about an unusual jump, by meter, and whether the user confirmed it. */
  questions: Record<string, string>;
  confirmed: Record<string, boolean>;
  setConfirmed: (meterId: string, confirmed: boolean) => void;
  /**
   * Sends the readings typed (each once, with the task), online or to the outbox offline; false when
   * one is refused or asks to be confirmed (said under its input): the completion then waits.
   */
  send: () => Promise<boolean>;
};

/** The readings of the asset's meters entered with the completion of task `eventId`. */
export function useTaskReadings(assetId: string, eventId: string): TTaskReadings {
  const { _ } = useLingui();
  const meters = useAssetMeters(assetId).data ?? [];
  const offline = useOfflineWrites();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [questions, setQuestions] = useState<Record<string, string>>({});
  const [confirmed, setConfirmedState] = useState<Record<string, boolean>>({});
  /** The values already sent, by meter: a second try of the dialog sends them no more. */
  const [sent, setSent] = useState<Record<string, string>>({});
  // One key per meter for the dialog's life: a repeated send is one reading.
  const keys = useRef<Record<string, string>>({});

  async function send(): Promise<boolean> {
    const found: Record<string, string> = {};
    const asked: Record<string, string> = {};
    const done: Record<string, string> = { ...sent };
    let changed = false;
    for (const meter of meters) {
      const text = (values[meter.id] ?? '').trim();
      if (text === '' || done[meter.id] === text) continue;
      const value = parseReading(text);
      if (value === null) {
        found[meter.id] = _(METER_TEXTS.valueInvalid);
        continue;
      }
      const body = {
        value,
        note: null,
        isReplacement: false,
        confirm: confirmed[meter.id] === true && questions[meter.id] !== undefined,
        eventId,
      };
      keys.current[meter.id] ??= crypto.randomUUID();
      const key = `${keys.current[meter.id]}:${value}:${body.confirm}`;
      const queue = async () => {
        await offline?.queue({
          kind: 'meter-reading',
          assetId,
          meterId: meter.id,
          meterName: meter.name,
          unit: meter.unit,
          body,
          occurredAt: new Date().toISOString(),
        });
        done[meter.id] = text;
      };
      if (offline?.isOffline()) {
        await queue();
        continue;
      }
      try {
        await recordReading(meter.id, body, key);
        done[meter.id] = text;
        changed = true;
      } catch (error) {
        if (offline && error instanceof ApiError && error.isNetworkError) await queue();
        else if (needsConfirm(error)) asked[meter.id] = error.message;
        else if (error instanceof ApiError) found[meter.id] = error.fields[0]?.message ?? error.message;
        else throw error;
      }
    }
    setSent(done);
    setErrors(found);
    setQuestions(asked);
    if (changed) void queryClient.invalidateQueries({ queryKey: meterKeys.all });
    return Object.keys(found).length === 0 && Object.keys(asked).length === 0;
  }

  return {
    meters,
    values,
    setValue: (meterId, value) => setValues((all) => ({ ...all, [meterId]: value })),
    errors,
    questions,
    confirmed,
    setConfirmed: (meterId, value) => setConfirmedState((all) => ({ ...all, [meterId]: value })),
    send,
  };
}

/**
 * "Meter readings" in the completion of a task (docs/product/meters.md#with-a-task): an input per
 * meter of the asset, optional, each saved with the task; a refused one is said under it, an
 * unusual one asks "This reading is right".
 */
export function TaskMeterReadings({ readings }: { readings: TTaskReadings }) {
  const { _ } = useLingui();
  const hintId = useId();
  if (readings.meters.length === 0) return null;
  return (
    <fieldset className={styles.group} aria-describedby={hintId}>
      <legend className={styles.legend}>{_(METER_TEXTS.taskReadings)}</legend>
      <p id={hintId} className={styles.hint}>
        {_(METER_TEXTS.taskReadingsHint)}
      </p>
      {readings.meters.map((meter) => (
        <div key={meter.id} className={styles.group}>
          <TextField
            label={`${meter.name} (${meter.unit})`}
            inputMode="decimal"
            autoComplete="off"
            value={readings.values[meter.id] ?? ''}
            error={readings.errors[meter.id]}
            hint={
              meter.lastValue === null
                ? undefined
                : _(METER_TEXTS.valueHint(formatReading(meter.lastValue, meter.unit)))
            }
            onChange={(event) => readings.setValue(meter.id, event.target.value)}
          />
          {readings.questions[meter.id] ? (
            <CheckboxField
              label={_(METER_TEXTS.confirmTaskReading)}
              hint={readings.questions[meter.id]}
              checked={readings.confirmed[meter.id] === true}
              onChange={(event) => readings.setConfirmed(meter.id, event.target.checked)}
            />
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
