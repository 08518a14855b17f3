import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { fileExtensionLabel } from '@mqr/contracts';
import { type ChangeEvent, useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import {
  formatMegabytes,
  type TExistingAttachment,
  type TNewAttachment,
  type TUploadStatus,
} from '../hooks/use-event-attachments.ts';
import { EVENT_FORM_TEXTS } from '../texts.ts';
import styles from './event-form.module.css';

const STATUS_TEXT: Record<TUploadStatus, MessageDescriptor | undefined> = {
  ready: EVENT_FORM_TEXTS.readyToUpload,
  uploading: undefined, // the percentage
  done: EVENT_FORM_TEXTS.uploaded,
  failed: EVENT_FORM_TEXTS.uploadFailed,
};

const TONE = { ready: 'default', uploading: 'default', done: 'success', failed: 'error' } as const;

type TEventAttachmentsFieldProps = {
  existing: TExistingAttachment[];
  added: TNewAttachment[];
  maxUploadBytes: number | undefined;
  /** Why chosen files were refused, or what the server said about the attachments. */
  errors: string[];
  disabled: boolean;
  onChoose: (files: File[]) => void;
  onRemove: (id: string) => void;
  onToggleExisting: (fileId: string) => void;
};

/** "Attachments": the event's files (each can be removed) and new ones with their upload progress. */
export function EventAttachmentsField({
  existing,
  added,
  maxUploadBytes,
  errors,
  disabled,
  onChoose,
  onRemove,
  onToggleExisting,
}: TEventAttachmentsFieldProps) {
  const { _ } = useLingui();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    onChoose(Array.from(event.target.files ?? []));
    // The same file can be chosen again after it was removed.
    event.target.value = '';
  };

  return (
    <div className={styles.attachments}>
      <label className={styles.label} htmlFor={inputId}>
        {_(EVENT_FORM_TEXTS.attachments)}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        className={styles.fileInput}
        disabled={disabled}
        aria-describedby={
          [maxUploadBytes ? hintId : '', errors.length > 0 ? errorId : ''].join(' ').trim() || undefined
        }
        onChange={choose}
      />
      {maxUploadBytes ? (
        <span id={hintId} className={styles.hint}>
          {_(EVENT_FORM_TEXTS.sizeLimit(formatNumber(formatMegabytes(maxUploadBytes))))}
        </span>
      ) : null}
      {errors.length > 0 ? (
        <div id={errorId} className={styles.error} role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      {existing.length > 0 ? (
        <ul className={styles.fileList} aria-label={_(EVENT_FORM_TEXTS.attachedFiles)}>
          {existing.map(({ file, removed }) => (
            <li key={file.id} className={`${styles.fileRow} ${removed ? styles.removed : ''}`}>
              <span className={styles.badge} aria-hidden="true">
                {fileExtensionLabel(file.fileName)}
              </span>
              <span className={styles.fileText}>
                <span className={styles.fileName}>{file.fileName}</span>
                <span className={styles.hint}>
                  {removed ? _(EVENT_FORM_TEXTS.removedOnSave) : _(EVENT_FORM_TEXTS.attached)}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={disabled}
                aria-label={_(
                  removed
                    ? EVENT_FORM_TEXTS.keepFile(file.fileName)
                    : EVENT_FORM_TEXTS.removeFile(file.fileName),
                )}
                onClick={() => onToggleExisting(file.id)}
              >
                {removed ? _(EVENT_FORM_TEXTS.keep) : _(EVENT_FORM_TEXTS.remove)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {added.length > 0 ? (
        <ul className={styles.fileList} aria-label={_(EVENT_FORM_TEXTS.filesToUpload)}>
          {added.map((item) => {
            const status = STATUS_TEXT[item.status];
            return (
              <li key={item.id} className={styles.fileRow}>
                <div className={styles.fileText}>
                  <ProgressBar
                    label={item.file.name}
                    value={item.progress}
                    tone={TONE[item.status]}
                    status={status ? _(status) : undefined}
                  />
                </div>
                <Button
                  variant="secondary"
                  disabled={disabled}
                  aria-label={_(EVENT_FORM_TEXTS.removeFile(item.file.name))}
                  onClick={() => onRemove(item.id)}
                >
                  {_(EVENT_FORM_TEXTS.remove)}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
