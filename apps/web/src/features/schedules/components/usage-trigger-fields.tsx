import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type TMeter, type TSchedule, USAGE_COMBINES } from '@mqr/contracts';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from '#web/components/ui/select-field.tsx';
import fieldStyles from '#web/components/ui/text-field.module.css';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatReading } from '#web/features/meters/index.ts';
import type { TScheduleFormValues, TScheduleTrigger } from '../lib/schedule-form-values.ts';
import { SCHEDULE_TEXTS } from '../texts.ts';
import styles from './schedule-form.module.css';

const TRIGGERS: TScheduleTrigger[] = ['calendar', 'usage', 'both'];

/** Radio buttons under a legend, each with its hint; described by the group's error when it has one. */
function Choices<K extends string>({
  legend,
  name,
  keys,
  texts,
  disabled,
  register,
}: {
  legend: string;
  name: 'trigger' | 'combine';
  keys: readonly K[];
  texts: Record<K, { label: MessageDescriptor; hint: MessageDescriptor }>;
  disabled?: (key: K) => boolean;
  register: UseFormRegister<TScheduleFormValues>;
}) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={fieldStyles.label}>{legend}</legend>
      {keys.map((key) => (
        <div key={key} className={styles.choice}>
          <label className={fieldStyles.check}>
            <input
              type="radio"
              className={fieldStyles.checkbox}
              value={key}
              disabled={disabled?.(key)}
              aria-describedby={`${id}-${key}`}
              {...register(name)}
            />
            {_(texts[key].label)}
          </label>
          <span id={`${id}-${key}`} className={styles.hint}>
            {_(texts[key].hint)}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

type TUsageTriggerFieldsProps = {
  /** The asset's meters. */
  meters: TMeter[];
  /** The schedule as saved (an edit), if any. */
  saved: TSchedule | undefined;
  trigger: TScheduleTrigger;
  meterId: string;
  register: UseFormRegister<TScheduleFormValues>;
  errors: FieldErrors<TScheduleFormValues>;
};

/**
 * The schedule form's "Falls due" (docs/product/meters.md#usage-schedules): by the calendar, by use
 * (every N units of one of the asset's meters, counted from a reading), or both, whichever comes
 * first or last. The calendar inputs (a backstop, with both) are the form's own.
 */
export function UsageTriggerFields({
  meters,
  saved,
  trigger,
  meterId,
  register,
  errors,
}: TUsageTriggerFieldsProps) {
  const { _ } = useLingui();
  const meter = meters.find((candidate) => candidate.id === meterId);
  const unit = meter?.unit ?? '';
  const fromHint = () => {
    if (saved?.usage && saved.usage.meterId === meterId && saved.usage.from !== null) {
      return _(SCHEDULE_TEXTS.usageFromKept(formatReading(saved.usage.from, unit)));
    }
    if (meter?.lastValue !== null && meter?.lastValue !== undefined) {
      return _(SCHEDULE_TEXTS.usageFromNew(formatReading(meter.lastValue, unit)));
    }
    return _(SCHEDULE_TEXTS.usageFromNone);
  };
  return (
    <>
      <Choices
        legend={_(SCHEDULE_TEXTS.trigger)}
        name="trigger"
        keys={TRIGGERS}
        texts={SCHEDULE_TEXTS.triggers}
        disabled={(key) => key !== 'calendar' && meters.length === 0}
        register={register}
      />
      {meters.length === 0 ? <p className={styles.hint}>{_(SCHEDULE_TEXTS.noMeters)}</p> : null}
      {trigger === 'calendar' ? null : (
        <>
          <div className={styles.row}>
            <SelectField
              label={_(SCHEDULE_TEXTS.meter)}
              aria-required
              error={errors.meterId?.message}
              {...register('meterId')}
            >
              <option value="">{_(SCHEDULE_TEXTS.chooseMeter)}</option>
              {meters.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name} ({candidate.unit})
                </option>
              ))}
            </SelectField>
            <TextField
              label={_(SCHEDULE_TEXTS.usageEvery(unit))}
              inputMode="decimal"
              autoComplete="off"
              aria-required
              error={errors.usageEvery?.message}
              {...register('usageEvery')}
            />
            <TextField
              label={_(SCHEDULE_TEXTS.usageFrom(unit))}
              inputMode="decimal"
              autoComplete="off"
              hint={meter ? fromHint() : undefined}
              error={errors.usageFrom?.message}
              {...register('usageFrom')}
            />
          </div>
          <p className={styles.hint}>{_(SCHEDULE_TEXTS.usageCountsFromCompletion)}</p>
          {trigger === 'both' ? (
            <Choices
              legend={_(SCHEDULE_TEXTS.combine)}
              name="combine"
              keys={USAGE_COMBINES}
              texts={SCHEDULE_TEXTS.combines}
              register={register}
            />
          ) : null}
        </>
      )}
    </>
  );
}
