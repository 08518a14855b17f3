import { useLingui } from '@lingui/react';
import {
  LOCATION_ADDRESS_MAX_LENGTH,
  LOCATION_CODE_MAX_LENGTH,
  LOCATION_NAME_MAX_LENGTH,
  LOCATION_NOTES_MAX_LENGTH,
  type TLocation,
  ZCreateLocationBody,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useLocation } from '../api/get-location.ts';
import { useSaveLocation } from '../api/save-location.ts';
import { LOCATION_TEXTS } from '../texts.ts';
import styles from './location-dialogs.module.css';
import { LocationPicker, type TPickedLocation } from './location-picker.tsx';

/** What the dialog makes: a new location (inside `parent`, or a site), or one's details edited. */
export type TLocationFormMode =
  | { kind: 'add'; parent: TPickedLocation | null }
  | { kind: 'edit'; id: string };

type TLocationFormDialogProps = {
  mode: TLocationFormMode;
  onClose: () => void;
  /** Saved: what to say, and the location as saved. */
  onDone: (message: string, saved: TLocation) => void;
};

/** "Add a location" and "Edit {name}": name, code, a site's address, notes, and where a new one goes. */
export function LocationFormDialog({ mode, onClose, onDone }: TLocationFormDialogProps) {
  const { _ } = useLingui();
  const editing = useLocation(mode.kind === 'edit' ? mode.id : undefined);
  const title =
    mode.kind === 'add' ? _(LOCATION_TEXTS.addTitle) : _(LOCATION_TEXTS.editTitle(editing.data?.name ?? ''));
  if (mode.kind === 'edit' && !editing.data) {
    return (
      <Dialog title={title} onClose={onClose}>
        {editing.isError ? (
          <Alert>{failureMessage(_(LOCATION_TEXTS.failed), editing.error)}</Alert>
        ) : (
          <StateMessage>{_(LOCATION_TEXTS.loading)}</StateMessage>
        )}
      </Dialog>
    );
  }
  return (
    <LocationForm
      title={title}
      location={mode.kind === 'edit' ? editing.data : undefined}
      parent={mode.kind === 'add' ? mode.parent : null}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

type TFormProps = {
  title: string;
  location: TLocation | undefined;
  parent: TPickedLocation | null;
  onClose: () => void;
  onDone: (message: string, saved: TLocation) => void;
};

type TErrors = Partial<Record<'name' | 'code' | 'address' | 'notes' | 'parentId', string>>;

function LocationForm({ title, location, parent: initialParent, onClose, onDone }: TFormProps) {
  const { _ } = useLingui();
  const save = useSaveLocation(location?.id);
  const [name, setName] = useState(location?.name ?? '');
  const [code, setCode] = useState(location?.code ?? '');
  const [address, setAddress] = useState(location?.address ?? '');
  const [notes, setNotes] = useState(location?.notes ?? '');
  const [parent, setParent] = useState<TPickedLocation | null>(initialParent);
  const [errors, setErrors] = useState<TErrors>({});
  // A site (at the top) has an address: a new one without a parent, or one at depth 1.
  const isSite = location ? location.depth === 1 : !parent?.id;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateLocationBody.safeParse({
      name,
      code,
      notes,
      ...(isSite ? { address } : {}),
      ...(location ? {} : { parentId: parent?.id ?? null }),
    });
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? 'name') as keyof TErrors;
        found[path] ??= wordMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        onDone(_(location ? LOCATION_TEXTS.saved(saved.name) : LOCATION_TEXTS.created(saved.name)), saved),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const fromServer: TErrors = {};
        for (const field of error.fields) fromServer[field.path as keyof TErrors] ??= field.message;
        setErrors(fromServer);
      },
    });
  }

  return (
    <Dialog title={title} busy={save.isPending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError ? <Alert>{failureMessage(_(LOCATION_TEXTS.saveFailed), save.error)}</Alert> : null}
        <TextField
          label={_(LOCATION_TEXTS.name)}
          hint={_(LOCATION_TEXTS.nameHint)}
          autoComplete="off"
          aria-required
          maxLength={LOCATION_NAME_MAX_LENGTH}
          error={errors.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {location ? null : (
          <LocationPicker
            label={_(LOCATION_TEXTS.parent)}
            hint={_(LOCATION_TEXTS.parentHint)}
            error={errors.parentId}
            value={parent}
            onChange={setParent}
          />
        )}
        <TextField
          label={_(LOCATION_TEXTS.codeLabel)}
          hint={_(LOCATION_TEXTS.codeHint)}
          autoComplete="off"
          spellCheck={false}
          maxLength={LOCATION_CODE_MAX_LENGTH}
          error={errors.code}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {isSite ? (
          <TextareaField
            label={_(LOCATION_TEXTS.address)}
            hint={_(LOCATION_TEXTS.addressHint)}
            rows={2}
            maxLength={LOCATION_ADDRESS_MAX_LENGTH}
            error={errors.address}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        ) : null}
        <TextareaField
          label={_(LOCATION_TEXTS.notes)}
          rows={3}
          maxLength={LOCATION_NOTES_MAX_LENGTH}
          error={errors.notes}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <DialogActions
          label={_(location ? LOCATION_TEXTS.save : LOCATION_TEXTS.create)}
          pendingLabel={_(location ? LOCATION_TEXTS.saving : LOCATION_TEXTS.creating)}
          pending={save.isPending}
          cancelLabel={_(LOCATION_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
