import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  PRODUCT_NAME,
  type TImportKind,
} from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import stack from '#web/components/layouts/card-stack.module.css';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FieldFrame } from '#web/components/ui/field-frame.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useUploadImport } from '../api/upload-import.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import styles from './import-upload-page.module.css';
import { RecentImports } from './recent-imports.tsx';

/** What an upload that failed is told: the server's reason for a refused file. */
function uploadFailure(error: unknown): string {
  // A proxy's own 413 page carries no message of ours.
  if (error instanceof ApiError && error.status === 413) return wordMessage(IMPORT_MESSAGES.tooLarge);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR') {
    return error.message;
  }
  return failureMessage(i18n._(IMPORT_TEXTS.uploadFailed), error);
}

/** "The file holds": assets or maintenance history, each with what such a file is. */
function KindChoice({
  kind,
  disabled,
  onChange,
}: {
  kind: TImportKind;
  disabled: boolean;
  onChange: (kind: TImportKind) => void;
}) {
  const { _ } = useLingui();
  const idPrefix = useId();
  return (
    <fieldset className={styles.kinds} disabled={disabled}>
      <legend className={styles.legend}>{_(IMPORT_TEXTS.kindLegend)}</legend>
      {IMPORT_KINDS.map((option) => (
        <div key={option} className={styles.kind}>
          <input
            id={`${idPrefix}-${option}`}
            className={styles.radio}
            type="radio"
            name="kind"
            value={option}
            checked={kind === option}
            aria-describedby={`${idPrefix}-${option}-hint`}
            onChange={() => onChange(option)}
          />
          <label htmlFor={`${idPrefix}-${option}`}>{_(IMPORT_TEXTS.kinds[option].label)}</label>
          <span id={`${idPrefix}-${option}-hint`} className={styles.kindHint}>
            {_(IMPORT_TEXTS.kinds[option].hint)}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

/** /assets/import: upload a CSV file of assets or of maintenance history, and the recent imports (administrators). */
export function ImportUploadPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [kind, setKind] = useState<TImportKind>('assets');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadTitleId = useId();
  const recentTitleId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError(wordMessage(IMPORT_MESSAGES.noFile));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setError(wordMessage(IMPORT_MESSAGES.tooLarge));
      return;
    }
    upload.mutate(
      { file, kind },
      {
        onSuccess: (run) => navigate(`/assets/import/${run.id}`),
        onError: (caught) => setError(uploadFailure(caught)),
      },
    );
  }

  return (
    <>
      <title>{`${_(IMPORT_TEXTS.uploadTitle)} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={_(IMPORT_TEXTS.uploadTitle)}
        subtitle={_(IMPORT_TEXTS.uploadSubtitle)}
        actions={
          <ButtonLink to="/assets" variant="secondary">
            {_(IMPORT_TEXTS.backToAssets)}
          </ButtonLink>
        }
      />
      <div className={stack.stack}>
        <Card className={stack.card} aria-labelledby={uploadTitleId}>
          <h2 id={uploadTitleId} className={styles.cardTitle}>
            {_(IMPORT_TEXTS.uploadHeading)}
          </h2>
          {error ? <Alert>{error}</Alert> : null}
          <form className={styles.form} onSubmit={submit} noValidate>
            <KindChoice
              kind={kind}
              disabled={upload.isPending}
              onChange={(next) => {
                setError(null);
                setKind(next);
              }}
            />
            <FieldFrame
              label={_(IMPORT_TEXTS.fileLabel)}
              hint={
                <>
                  <span>{_(IMPORT_TEXTS.fileHint())}</span> <span>{_(IMPORT_TEXTS.formatsHint[kind])}</span>
                </>
              }
            >
              {(control) => (
                <input
                  {...control}
                  aria-invalid={error ? true : undefined}
                  className={styles.fileInput}
                  type="file"
                  name="file"
                  accept=".csv,.tsv,text/csv,text/tab-separated-values"
                  disabled={upload.isPending}
                  onChange={(event) => {
                    setError(null);
                    setFile(event.target.files?.[0] ?? null);
                  }}
                />
              )}
            </FieldFrame>
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? _(IMPORT_TEXTS.uploading) : _(IMPORT_TEXTS.upload)}
            </Button>
          </form>
        </Card>
        <Card className={stack.card} aria-labelledby={recentTitleId}>
          <h2 id={recentTitleId} className={styles.cardTitle}>
            {_(IMPORT_TEXTS.recentHeading)}
          </h2>
          <RecentImports />
        </Card>
      </div>
    </>
  );
}
