import { useLingui } from '@lingui/react';
import {
  IMPORT_BYTE_ENCODINGS,
  IMPORT_DATE_ORDERS,
  IMPORT_NUMBER_FORMATS,
  type TImportDateOrder,
  type TImportEncoding,
  type TImportNumberFormat,
  type TImportRun,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useReadImportAgain } from '../api/save-import-reading.ts';
import { IMPORT_ENCODING_LABELS, IMPORT_TEXTS } from '../texts.ts';
import styles from './import-run-page.module.css';

/**
 * How the file is read (ADR 094): its encoding, which another can replace unless the file is
 * UTF-16, and, when the file holds numbers or dates that are not plain, how it writes them (each
 * guessed on upload). "Read the file again" saves them; the mapping is then proposed again when the
 * encoding changed, and the last check no longer counts.
 */
export function FileReading({ run }: { run: TImportRun }) {
  const { _ } = useLingui();
  const [encoding, setEncoding] = useState<TImportEncoding>(run.encoding);
  const [numberFormat, setNumberFormat] = useState<TImportNumberFormat>(run.numberFormat ?? 'point');
  const [dateOrder, setDateOrder] = useState<TImportDateOrder>(run.dateOrder ?? 'YMD');
  const [error, setError] = useState<string | null>(null);
  const read = useReadImportAgain(run.id);
  const changed =
    encoding !== run.encoding ||
    numberFormat !== (run.numberFormat ?? 'point') ||
    dateOrder !== (run.dateOrder ?? 'YMD');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    read.mutate(
      { encoding, numberFormat, dateOrder },
      { onError: (caught) => setError(failureMessage(_(IMPORT_TEXTS.readFailed), caught)) },
    );
  }

  return (
    <form className={styles.reading} onSubmit={submit} noValidate>
      <p className={styles.muted}>{_(IMPORT_TEXTS.readingIntro)}</p>
      <div className={styles.readingFields}>
        {run.encodingChangeable ? (
          <SelectField
            label={_(IMPORT_TEXTS.encodingLabel)}
            hint={_(IMPORT_TEXTS.encodingHint)}
            value={encoding}
            disabled={read.isPending}
            onChange={(event) => setEncoding(event.target.value as TImportEncoding)}
          >
            {IMPORT_BYTE_ENCODINGS.map((option) => (
              <option key={option} value={option}>
                {_(IMPORT_ENCODING_LABELS[option])}
              </option>
            ))}
          </SelectField>
        ) : (
          <p>{_(IMPORT_TEXTS.encodingFixed(_(IMPORT_ENCODING_LABELS[run.encoding])))}</p>
        )}
        {run.numberFormat !== null ? (
          <SelectField
            label={_(IMPORT_TEXTS.numbersLabel)}
            hint={_(IMPORT_TEXTS.guessedHint)}
            value={numberFormat}
            disabled={read.isPending}
            onChange={(event) => setNumberFormat(event.target.value as TImportNumberFormat)}
          >
            {IMPORT_NUMBER_FORMATS.map((option) => (
              <option key={option} value={option}>
                {_(IMPORT_TEXTS.numberOptions[option])}
              </option>
            ))}
          </SelectField>
        ) : null}
        {run.dateOrder !== null ? (
          <SelectField
            label={_(IMPORT_TEXTS.datesLabel)}
            hint={_(IMPORT_TEXTS.guessedHint)}
            value={dateOrder}
            disabled={read.isPending}
            onChange={(event) => setDateOrder(event.target.value as TImportDateOrder)}
          >
            {IMPORT_DATE_ORDERS.map((option) => (
              <option key={option} value={option}>
                {_(IMPORT_TEXTS.dateOptions[option])}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {run.encodingChangeable || run.numberFormat !== null || run.dateOrder !== null ? (
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={!changed || read.isPending}>
            {read.isPending ? _(IMPORT_TEXTS.readingAgain) : _(IMPORT_TEXTS.readAgain)}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
