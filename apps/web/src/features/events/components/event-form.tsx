import { useLingui } from '@lingui/react';
import type { TFieldDefinition, TFieldError, TMaintenanceEvent } from '@mqr/contracts';
import { TASK_PRIORITIES } from '@mqr/contracts';
import { useEffect, useState } from 'react';
import { type FieldError, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { DialogFooter } from '#web/components/ui/dialog.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ChecklistChoiceField } from '#web/features/checklists/index.ts';
import { CustomFieldInputs } from '#web/features/fields/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useOfflineWrites } from '#web/lib/offline-writes.ts';
import { PRIORITY_MESSAGES } from '#web/lib/texts.ts';
import { useSaveEvent } from '../api/save-event.ts';
import { useEventAttachments } from '../hooks/use-event-attachments.ts';
import { showsPerformedDate } from '../lib/performed.ts';
import { EVENT_FORM_TEXTS, EVENT_TEXTS, WORK_TEXTS } from '../texts.ts';
import { EventAttachmentsField } from './event-attachments-field.tsx';
import styles from './event-form.module.css';
import {
  checkEventForm,
  eventFormPathFromServer,
  initialEventFormValues,
  type TEventBodyWithoutFiles,
  type TEventFormValues,
} from './event-form-values.ts';

type TEventFormProps = {
  assetId: string;
  event: TMaintenanceEvent | undefined;
  /** The MaintenanceEvent field definitions; null when they could not be loaded. */
  definitions: TFieldDefinition[] | null;
  maxUploadBytes: number | undefined;
  /** The signed-in user's name: a new event's "Recorded by". */
  displayName: string;
  onBusyChange: (busy: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
};

type TPhase = 'idle' | 'uploading' | 'saving';

/** Errors with form paths (`title`, `custom.f_<id>`) in react-hook-form's nested shape. */
function toFormErrors(list: TFieldError[]): FieldErrors<TEventFormValues> {
  const custom: Record<string, FieldError> = {};
  const top: Record<string, FieldError> = {};
  for (const { path, message } of list) {
    const [head = '', key] = path.split('.');
    if (key) custom[key] = { type: 'validate', message };
    else top[head] = { type: 'validate', message };
  }
  return (Object.keys(custom).length > 0 ? { ...top, custom } : top) as FieldErrors<TEventFormValues>;
}

/**
 * The composer's form. Submit validates, uploads the new files (each with its progress), then saves.
 * A failed upload or save keeps everything typed and chosen, so the user can try again.
 */
export function EventForm({
  assetId,
  event,
  definitions,
  maxUploadBytes,
  displayName,
  onBusyChange,
  onSaved,
  onCancel,
}: TEventFormProps) {
  const { _ } = useLingui();
  const isEdit = !!event;
  const offline = useOfflineWrites();
  const save = useSaveEvent(assetId, event?.id);
  const attachments = useEventAttachments(event?.files ?? [], maxUploadBytes);
  const [phase, setPhase] = useState<TPhase>('idle');
  const [failure, setFailure] = useState<string[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const busy = phase !== 'idle';

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const [defaults] = useState(() => initialEventFormValues(event, definitions ?? [], displayName));
  const check = (values: TEventFormValues) =>
    checkEventForm(values, definitions, event, defaults.performedAt);
  const resolver: Resolver<TEventFormValues> = async (values) => {
    const result = check(values);
    return result.ok ? { values, errors: {} } : { values: {}, errors: toFormErrors(result.errors) };
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TEventFormValues>({
    resolver,
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    const checked = check(values);
    if (!checked.ok || busy) return;
    setFailure([]);
    setFileErrors([]);
    if (offline?.isOffline()) return keepOnDevice(checked.body);
    setPhase(attachments.added.some((item) => item.status !== 'done') ? 'uploading' : 'saving');
    const uploaded = await attachments.upload();
    if (!uploaded.files) {
      // The connection dropped, or the file storage cannot take files now (503, ADR 140): what did
      // upload is kept, the rest waits in the outbox and goes when it can. Else it waits here.
      if (offline && (offline.isOffline() || uploaded.tryLater)) return keepOnDevice(checked.body);
      setPhase('idle');
      setFailure([_(EVENT_TEXTS.uploadFailed)]);
      return;
    }
    setPhase('saving');
    try {
      await save.mutateAsync({ ...checked.body, files: uploaded.files });
    } catch (error) {
      // No connection, or the server cannot take it now (503, 507: ADR 140): the outbox keeps it.
      if (offline && error instanceof ApiError && error.isTryLater) return keepOnDevice(checked.body);
      setPhase('idle');
      showSaveError(error);
      return;
    }
    onSaved();
  });

  /**
   * Offline: the save waits in the outbox with the chosen files' bytes and the time it was saved
   * (the event's when its "Performed at" was left as the form opened), and is sent when the
   * connection returns.
   */
  async function keepOnDevice(body: TEventBodyWithoutFiles) {
    if (!offline) return;
    setPhase('saving');
    try {
      await offline.queue({
        kind: 'save-event',
        assetId,
        eventId: event?.id,
        taskWasOpen: !!event && event.taskStatus !== 'Completed',
        body,
        ...attachments.split(),
        occurredAt: new Date().toISOString(),
      });
    } catch {
      setPhase('idle');
      setFailure([_(EVENT_TEXTS.saveFailed)]);
      return;
    }
    onSaved();
  }

  function showSaveError(error: unknown) {
    const lines: string[] = [_(EVENT_TEXTS.saveFailed)];
    if (error instanceof ApiError) {
      // Permission (403) and state (409) answers say what to do; validation errors go under inputs.
      if ((error.status === 403 || error.status === 409) && error.message) lines.push(error.message);
      const onFiles: string[] = [];
      for (const field of error.fields) {
        const path = eventFormPathFromServer(field.path);
        if (path) setError(path as 'title', { type: 'server', message: field.message });
        else if (field.path.startsWith('files')) onFiles.push(field.message);
      }
      setFileErrors(onFiles);
      if (onFiles.length > 0) attachments.forgetUploads();
    }
    setFailure(lines);
  }

  // A new event shows the active fields; an edit also shows retired ones this event has a value for.
  const shownDefinitions = (definitions ?? []).filter(
    (definition) =>
      definition.isActive || event?.fields.some((field) => field.fieldId === definition.id && field.value),
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <TextField
        label={_(EVENT_FORM_TEXTS.title)}
        autoComplete="off"
        aria-required
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label={_(EVENT_FORM_TEXTS.notes)}
        rows={4}
        error={errors.notes?.message}
        {...register('notes')}
      />
      <div className={styles.pair}>
        <TextField
          label={_(EVENT_FORM_TEXTS.recordedBy)}
          autoComplete="off"
          error={errors.recordedBy?.message}
          {...register('recordedBy')}
        />
        {/* A planned task not completed yet is performed when it is completed (ADR 096). */}
        {event && !showsPerformedDate(event) ? null : (
          <TextField
            label={_(EVENT_FORM_TEXTS.performedAt)}
            type="datetime-local"
            error={errors.performedAt?.message}
            {...register('performedAt')}
          />
        )}
      </div>
      {isEdit ? null : <CheckboxField label={_(EVENT_FORM_TEXTS.startTask)} {...register('startTask')} />}
      {isEdit ? null : (
        <ChecklistChoiceField
          purpose="task"
          error={errors.checklistTemplateId?.message}
          {...register('checklistTemplateId')}
        />
      )}
      {event?.taskStatus === 'Completed' ? null : (
        <div className={styles.pair}>
          <SelectField label={_(WORK_TEXTS.priority)} {...register('priority')}>
            {TASK_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {_(PRIORITY_MESSAGES[priority])}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            label={_(WORK_TEXTS.assetDown)}
            hint={_(WORK_TEXTS.assetDownHint)}
            {...register('assetDown')}
          />
        </div>
      )}

      <CustomFieldInputs
        className={styles.custom}
        definitions={shownDefinitions}
        savedValues={defaults.custom}
        errors={errors.custom}
        register={register}
      />

      <EventAttachmentsField
        existing={attachments.existing}
        added={attachments.added}
        maxUploadBytes={maxUploadBytes}
        errors={fileErrors}
        disabled={busy}
        onChoose={(files) => setFileErrors(attachments.add(files))}
        onRemove={attachments.remove}
        onToggleExisting={attachments.toggleExisting}
      />

      <DialogFooter>
        {failure.length > 0 ? (
          <Alert>
            {failure.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
        ) : null}
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {_(EVENT_FORM_TEXTS.cancel)}
          </Button>
          <Button type="submit" disabled={busy}>
            {_(
              phase === 'uploading'
                ? EVENT_FORM_TEXTS.uploading
                : phase === 'saving'
                  ? EVENT_FORM_TEXTS.saving
                  : EVENT_FORM_TEXTS.save,
            )}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}
