import { useLingui } from '@lingui/react';
import {
  RECURRENCE_UNITS,
  SCHEDULE_MODES,
  SCHEDULE_PRIORITIES,
  type TApplyScheduleResult,
  type TAssetSelection,
  type TFieldDefinition,
  type TFieldError,
  type TSchedule,
  type TScheduleBody,
  type TUserOption,
  WEEKDAYS,
} from '@mqr/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import fieldStyles from '#web/components/ui/text-field.module.css';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ChecklistChoiceField } from '#web/features/checklists/index.ts';
import { CustomFieldInputs, useFields } from '#web/features/fields/index.ts';
import { useAssetMeters } from '#web/features/meters/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { PRIORITY_MESSAGES } from '#web/lib/texts.ts';
import { useApplySchedule } from '../api/apply-schedule.ts';
import { useAssignableUsers } from '../api/get-assignable-users.ts';
import { useSaveSchedule } from '../api/save-schedule.ts';
import {
  checkScheduleForm,
  initialScheduleFormValues,
  scheduleFormPath,
  type TScheduleFormValues,
} from '../lib/schedule-form-values.ts';
import { SCHEDULE_TEXTS, WEEKDAY_LABELS } from '../texts.ts';
import styles from './schedule-form.module.css';
import { UsageTriggerFields } from './usage-trigger-fields.tsx';

/** Whose schedule the form makes: one asset's (new or an edit), or one for each selected asset. */
export type TScheduleTarget =
  | { kind: 'asset'; assetId: string; schedule?: TSchedule | undefined }
  | { kind: 'selection'; selection: TAssetSelection; scope: string };

type TScheduleFormDialogProps = {
  target: TScheduleTarget;
  onClose: () => void;
  /** After a save: what else to reload (the asset, the list). */
  onChanged?: () => void;
  /** A selection's schedules are created: what the server did. */
  onApplied?: (result: TApplyScheduleResult) => void;
};

/** Errors with form paths (`title`, `custom.f_<id>`) in react-hook-form's nested shape. */
function toFormErrors(list: TFieldError[]): FieldErrors<TScheduleFormValues> {
  const custom: Record<string, FieldError> = {};
  const top: Record<string, FieldError> = {};
  for (const { path, message } of list) {
    const [head = '', key] = path.split('.');
    if (head === 'custom' && key) custom[key] = { type: 'validate', message };
    else top[head] = { type: 'validate', message };
  }
  return (Object.keys(custom).length > 0 ? { ...top, custom } : top) as FieldErrors<TScheduleFormValues>;
}

/**
 * "Add schedule", "Edit schedule" (an asset's) or "Schedule maintenance" (the asset list's selection):
 * the schedule form in a dialog (docs/product/asset-detail.md#schedule-form).
 */
export function ScheduleFormDialog({ target, onClose, onChanged, onApplied }: TScheduleFormDialogProps) {
  const { _ } = useLingui();
  const definitions = useFields('MaintenanceEvent');
  const assignees = useAssignableUsers();
  const title =
    target.kind === 'selection'
      ? _(SCHEDULE_TEXTS.bulkTitle)
      : target.schedule
        ? _(SCHEDULE_TEXTS.editTitle)
        : _(SCHEDULE_TEXTS.addTitle);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} busy={busy} onClose={onClose}>
      {definitions.isPending || assignees.isPending ? (
        <StateMessage>{_(SCHEDULE_TEXTS.loading)}</StateMessage>
      ) : (
        <ScheduleForm
          target={target}
          // Without the definitions the defaults cannot be checked: the form goes on without them.
          definitions={definitions.data ?? []}
          assignees={assignees.data ?? []}
          onBusy={setBusy}
          onCancel={onClose}
          onChanged={onChanged}
          onSaved={(result) => {
            if (result && onApplied) onApplied(result);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

type TScheduleFormProps = {
  target: TScheduleTarget;
  definitions: TFieldDefinition[];
  /** The active people of the organization (loaded before the form, so the saved one stays chosen). */
  assignees: TUserOption[];
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onChanged: (() => void) | undefined;
  onSaved: (result?: TApplyScheduleResult) => void;
};

/** The mutation a target saves with: one asset's schedule, or the selection's. */
function useScheduleMutation(
  target: TScheduleTarget,
  onChanged: (() => void) | undefined,
): UseMutationResult<TSchedule | TApplyScheduleResult, Error, TScheduleBody> {
  const save = useSaveSchedule(
    target.kind === 'asset' ? target.assetId : '',
    target.kind === 'asset' ? target.schedule?.id : undefined,
    onChanged,
  );
  const apply = useApplySchedule(target.kind === 'selection' ? target.selection : {}, onChanged);
  return (target.kind === 'asset' ? save : apply) as UseMutationResult<
    TSchedule | TApplyScheduleResult,
    Error,
    TScheduleBody
  >;
}

function ScheduleForm({
  target,
  definitions,
  assignees,
  onBusy,
  onCancel,
  onChanged,
  onSaved,
}: TScheduleFormProps) {
  const { _ } = useLingui();
  const saved = target.kind === 'asset' ? target.schedule : undefined;
  const mutation = useScheduleMutation(target, onChanged);
  const [failure, setFailure] = useState<string | null>(null);
  const [defaults] = useState(() => initialScheduleFormValues(saved, definitions));
  const resolver: Resolver<TScheduleFormValues> = async (values) => {
    const result = checkScheduleForm(values, definitions, saved);
    return result.ok ? { values, errors: {} } : { values: {}, errors: toFormErrors(result.errors) };
  };
  const { register, handleSubmit, setError, watch, formState } = useForm<TScheduleFormValues>({
    resolver,
    defaultValues: defaults,
  });
  const errors = formState.errors;
  const pattern = watch('pattern');
  const trigger = watch('trigger');
  // An asset's schedule may count on its meters (ADR 138); a selection's counts on the calendar only.
  const meters = useAssetMeters(target.kind === 'asset' ? target.assetId : '').data ?? [];
  const ids = { mode: useId(), defaults: useId() };

  const onSubmit = handleSubmit(async (values) => {
    const checked = checkScheduleForm(values, definitions, saved);
    if (!checked.ok) return;
    setFailure(null);
    onBusy(true);
    try {
      const result = await mutation.mutateAsync(checked.body);
      onBusy(false);
      onSaved('created' in result ? result : undefined);
    } catch (error) {
      onBusy(false);
      showSaveError(error);
    }
  });

  /** Each field's message under its input; the rest (404, 409, a server fault) above the buttons. */
  function showSaveError(error: unknown) {
    let placed = false;
    if (error instanceof ApiError && error.status === 400) {
      for (const field of error.fields) {
        const path = scheduleFormPath(field.path);
        if (path) {
          setError(path as 'title', { type: 'server', message: field.message });
          placed = true;
        }
      }
    }
    setFailure(placed ? _(SCHEDULE_TEXTS.saveFailed) : failureMessage(_(SCHEDULE_TEXTS.saveFailed), error));
  }

  const active = definitions.filter((definition) => definition.isActive);
  const everyLabel =
    pattern === 'interval' || trigger === 'both'
      ? _(SCHEDULE_TEXTS.every)
      : pattern === 'weekdays'
        ? _(SCHEDULE_TEXTS.everyWeeks)
        : _(SCHEDULE_TEXTS.everyMonths);
  const pending = mutation.isPending;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
      {target.kind === 'selection' ? (
        <div className={styles.scope}>
          <p>{target.scope}</p>
          <p className={styles.hint}>{_(SCHEDULE_TEXTS.bulkHint)}</p>
        </div>
      ) : null}
      <TextField
        label={_(SCHEDULE_TEXTS.title)}
        autoComplete="off"
        aria-required
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label={_(SCHEDULE_TEXTS.notes)}
        rows={3}
        error={errors.notes?.message}
        {...register('notes')}
      />

      {target.kind === 'asset' ? (
        <UsageTriggerFields
          meters={meters}
          saved={saved}
          trigger={trigger}
          meterId={watch('meterId')}
          register={register}
          errors={errors}
        />
      ) : null}
      {trigger === 'both' ? (
        <div>
          <h3 className={fieldStyles.label}>{_(SCHEDULE_TEXTS.backstop)}</h3>
          <p className={styles.hint}>{_(SCHEDULE_TEXTS.backstopHint)}</p>
        </div>
      ) : null}
      {trigger === 'calendar' ? (
        <SelectField
          label={_(SCHEDULE_TEXTS.repeats)}
          error={errors.pattern?.message}
          {...register('pattern')}
        >
          {(Object.keys(SCHEDULE_TEXTS.patterns) as (keyof typeof SCHEDULE_TEXTS.patterns)[]).map((key) => (
            <option key={key} value={key}>
              {_(SCHEDULE_TEXTS.patterns[key])}
            </option>
          ))}
        </SelectField>
      ) : null}
      {trigger === 'usage' ? null : (
        <div className={styles.row}>
          <TextField
            label={everyLabel}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.every?.message}
            {...register('every')}
          />
          {pattern === 'interval' || trigger === 'both' ? (
            <SelectField label={_(SCHEDULE_TEXTS.unit)} {...register('unit')}>
              {RECURRENCE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {_(SCHEDULE_TEXTS.units[unit])}
                </option>
              ))}
            </SelectField>
          ) : null}
          {pattern === 'monthDay' && trigger === 'calendar' ? (
            <TextField
              label={_(SCHEDULE_TEXTS.dayOfMonth)}
              type="number"
              inputMode="numeric"
              min={1}
              max={31}
              step={1}
              hint={_(SCHEDULE_TEXTS.dayOfMonthHint)}
              error={errors.day?.message}
              {...register('day')}
            />
          ) : null}
        </div>
      )}
      {pattern === 'weekdays' && trigger === 'calendar' ? (
        <ChoiceGroup legend={_(SCHEDULE_TEXTS.weekdays)} error={errors.weekdays?.message}>
          <div className={styles.weekdays}>
            {WEEKDAYS.map((day) => (
              <label key={day} className={fieldStyles.check}>
                <input
                  type="checkbox"
                  className={fieldStyles.checkbox}
                  value={day}
                  {...register('weekdays')}
                />
                {_(WEEKDAY_LABELS[day])}
              </label>
            ))}
          </div>
        </ChoiceGroup>
      ) : null}

      {trigger === 'calendar' ? (
        <ChoiceGroup legend={_(SCHEDULE_TEXTS.mode)} error={errors.mode?.message}>
          {SCHEDULE_MODES.map((mode) => {
            const hintId = `${ids.mode}-${mode}`;
            return (
              <div key={mode} className={styles.choice}>
                <label className={fieldStyles.check}>
                  <input
                    type="radio"
                    className={fieldStyles.checkbox}
                    value={mode}
                    aria-describedby={hintId}
                    {...register('mode')}
                  />
                  {_(SCHEDULE_TEXTS.modes[mode].label)}
                </label>
                <span id={hintId} className={styles.hint}>
                  {_(SCHEDULE_TEXTS.modes[mode].hint)}
                </span>
              </div>
            );
          })}
        </ChoiceGroup>
      ) : null}

      <div className={styles.row}>
        <TextField
          label={_(SCHEDULE_TEXTS.leadDays)}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={_(SCHEDULE_TEXTS.leadDaysHint)}
          error={errors.leadDays?.message}
          {...register('leadDays')}
        />
        <SelectField
          label={_(SCHEDULE_TEXTS.assignee)}
          error={errors.assigneeId?.message}
          {...register('assigneeId')}
        >
          <option value="">{_(SCHEDULE_TEXTS.nobody)}</option>
          {/* A saved assignee no longer active stays listed, so that saving again says why it is refused. */}
          {saved?.assigneeId && !assignees.some((user) => user.id === saved.assigneeId) ? (
            <option value={saved.assigneeId}>{saved.assigneeName ?? saved.assigneeId}</option>
          ) : null}
          {assignees.map((user) => (
            <option key={user.id} value={user.id}>
              {user.displayName}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={_(SCHEDULE_TEXTS.priority)}
          hint={_(SCHEDULE_TEXTS.priorityHint)}
          error={errors.priority?.message}
          {...register('priority')}
        >
          {SCHEDULE_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {_(PRIORITY_MESSAGES[priority])}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.row}>
        <TextField
          label={_(SCHEDULE_TEXTS.startsOn)}
          type="date"
          aria-required
          hint={_(SCHEDULE_TEXTS.startsOnHint)}
          error={errors.startsOn?.message}
          {...register('startsOn')}
        />
        <TextField
          label={_(SCHEDULE_TEXTS.endsOn)}
          type="date"
          error={errors.endsOn?.message}
          {...register('endsOn')}
        />
      </div>

      <ChecklistChoiceField
        purpose="schedule"
        saved={saved?.checklist ?? null}
        error={errors.checklistTemplateId?.message}
        {...register('checklistTemplateId')}
      />

      {active.length > 0 ? (
        <section className={styles.defaults} aria-labelledby={ids.defaults}>
          <h3 id={ids.defaults} className={fieldStyles.label}>
            {_(SCHEDULE_TEXTS.defaults)}
          </h3>
          <CustomFieldInputs
            className={styles.custom}
            definitions={active}
            savedValues={defaults.custom}
            errors={errors.custom}
            register={register}
          />
        </section>
      ) : null}

      <DialogFooter>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            {_(SCHEDULE_TEXTS.cancel)}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? _(SCHEDULE_TEXTS.saving) : _(SCHEDULE_TEXTS.save)}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

/** A group of checkboxes or radio buttons under its legend, described by its error when it has one. */
function ChoiceGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={fieldStyles.label}>{legend}</legend>
      {children}
      {error ? (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
