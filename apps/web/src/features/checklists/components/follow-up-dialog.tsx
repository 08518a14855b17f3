import { useLingui } from '@lingui/react';
import { EVENT_NOTES_MAX_LENGTH, EVENT_TITLE_MAX_LENGTH } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { RUNNER_TEXTS } from '../texts.ts';
import styles from './checklist-runner.module.css';

type TFollowUpDialogProps = {
  /** The pre-filled title and notes (the step and what it read). */
  title: string;
  notes: string;
  busy: boolean;
  failure: string | null;
  onOpen: (text: { title: string; notes: string }) => void;
  onClose: () => void;
};

/** "Open a follow-up task": the task's title and notes, pre-filled from the flagged step, to change or keep. */
export function FollowUpDialog({ title, notes, busy, failure, onOpen, onClose }: TFollowUpDialogProps) {
  const { _ } = useLingui();
  const [text, setText] = useState({ title, notes });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onOpen(text);
  }
  return (
    <Dialog title={_(RUNNER_TEXTS.followUpTitle)} busy={busy} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <TextField
          label={_(RUNNER_TEXTS.followUpTitleField)}
          autoComplete="off"
          maxLength={EVENT_TITLE_MAX_LENGTH}
          value={text.title}
          onChange={(event) => setText({ ...text, title: event.target.value })}
        />
        <TextareaField
          label={_(RUNNER_TEXTS.followUpNotes)}
          rows={4}
          maxLength={EVENT_NOTES_MAX_LENGTH}
          value={text.notes}
          onChange={(event) => setText({ ...text, notes: event.target.value })}
        />
        <DialogFooter>
          {failure ? <Alert>{failure}</Alert> : null}
          <div className={styles.dialogButtons}>
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {_(RUNNER_TEXTS.followUpCancel)}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? _(RUNNER_TEXTS.followUpSaving) : _(RUNNER_TEXTS.followUpSave)}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
