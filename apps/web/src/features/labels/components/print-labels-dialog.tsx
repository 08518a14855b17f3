import { useLingui } from '@lingui/react';
import {
  isLocationLabelSource,
  isShownPublicly,
  LABEL_LAYOUTS,
  LABEL_MAX_ASSETS,
  LABEL_MESSAGES,
  labelPartCount,
  labelsPerSheet,
  type TLabelLayoutId,
  type TLabelSource,
} from '@mqr/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import buttonRow from '#web/components/ui/button-row.module.css';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useFields } from '#web/features/fields/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { formatNumber } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { downloadLabels } from '../api/download-labels.ts';
import { rememberedLayout, rememberLayout } from '../lib/remembered-layout.ts';
import { LABEL_TEXTS } from '../texts.ts';
import styles from './print-labels-dialog.module.css';

/** One thing the dialog may print. */
export type TLabelChoice = {
  /** Which assets or locations: a selection, the list's search, what an import created, a location's tree (contracts' TLabelSource). */
  source: TLabelSource;
  /** How many labels the source makes: the count shown, and an import's parts past 5,000. Unknown: left out. */
  count?: number | undefined;
  /** The source holds more than `count` (the asset list stopped counting there). */
  more?: boolean | undefined;
};

/** Several things to print from one place, chosen in the dialog ("Only Boiler room", "Boiler room and every location inside it"). */
export type TLabelChoices = { label: string; options: (TLabelChoice & { label: string })[] };

export type TPrintLabelsDialogProps = (TLabelChoice | { choices: TLabelChoices }) & {
  onClose: () => void;
};

/**
 * The label dialog: what to print when there are choices, layout, start position on a partly used
 * sheet, a custom field (asset labels only) and the logo, then a PDF of QR labels (POST /api/labels,
 * with the bearer token) to download. Server refusals are shown with their reason; the dialog stays
 * open for another run.
 */
export function PrintLabelsDialog(props: TPrintLabelsDialogProps) {
  const { _ } = useLingui();
  const fields = useFields('Asset');
  const [chosen, setChosen] = useState(0);
  const options = 'choices' in props ? props.choices.options : [props];
  const { source, count, more = false } = options[chosen] ?? options[0]!;
  const total = count ?? 0;
  // Locations have no custom fields: their labels print their path instead (ADR 126).
  const forLocations = isLocationLabelSource(source);
  const [layout, setLayout] = useState<TLabelLayoutId>(rememberedLayout);
  const [start, setStart] = useState('1');
  const [startError, setStartError] = useState<string>();
  const [part, setPart] = useState(1);
  const [fieldId, setFieldId] = useState('');
  const [includeLogo, setIncludeLogo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error?: string; done?: boolean }>({});
  const startRef = useRef<HTMLInputElement>(null);

  const perSheet = labelsPerSheet(layout);
  const parts = 'importId' in source ? labelPartCount(total) : 1;
  const partSize = Math.min(LABEL_MAX_ASSETS, total - (part - 1) * LABEL_MAX_ASSETS);
  const startNumber = perSheet === 1 ? 1 : Number(start);
  const startValid = Number.isInteger(startNumber) && startNumber >= 1 && startNumber <= perSheet;
  // A label stuck on an asset is public: only what the public page shows may go on it (ADR 091).
  const printableFields = (fields.data ?? []).filter(
    (field) => field.target === 'Asset' && isShownPublicly(field),
  );

  function chooseLayout(next: TLabelLayoutId) {
    setLayout(next);
    // A start past the new sheet's last label starts again at its first.
    if (Number(start) > labelsPerSheet(next)) setStart('1');
    setStartError(undefined);
  }

  function summary() {
    if (count === undefined) return LABEL_TEXTS.summaryTree(formatNumber(LABEL_MAX_ASSETS));
    if (more) return LABEL_TEXTS.summaryMore(total, formatNumber(LABEL_MAX_ASSETS));
    return LABEL_TEXTS.summary(partSize, perSheet, startValid ? startNumber : 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome({});
    if (!startValid) {
      setStartError(wordMessage(LABEL_MESSAGES.startPositionRange(perSheet)));
      startRef.current?.focus();
      return;
    }
    setStartError(undefined);
    setBusy(true);
    try {
      await downloadLabels({
        ...('importId' in source && parts > 1 ? { importId: source.importId, part } : source),
        layout,
        startPosition: startNumber,
        fieldId: forLocations ? null : fieldId || null,
        includeLogo,
      });
      rememberLayout(layout);
      setOutcome({ done: true });
    } catch (caught) {
      setOutcome({ error: failureMessage(_(LABEL_TEXTS.failed), caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={_(LABEL_TEXTS.title)} busy={busy} onClose={props.onClose}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        {'choices' in props ? (
          <SelectField
            label={props.choices.label}
            value={chosen}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setOutcome({});
            }}
          >
            {props.choices.options.map((option, index) => (
              <option key={option.label} value={index}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        {parts > 1 ? (
          <SelectField
            label={_(LABEL_TEXTS.part)}
            hint={_(LABEL_TEXTS.partHint(formatNumber(LABEL_MAX_ASSETS)))}
            value={part}
            onChange={(event) => setPart(Number(event.target.value))}
          >
            {Array.from({ length: parts }, (_unused, index) => {
              const from = index * LABEL_MAX_ASSETS + 1;
              return (
                <option key={from} value={index + 1}>
                  {_(
                    LABEL_TEXTS.partOption(
                      formatNumber(from),
                      formatNumber(Math.min(total, from + LABEL_MAX_ASSETS - 1)),
                      formatNumber(total),
                    ),
                  )}
                </option>
              );
            })}
          </SelectField>
        ) : null}
        <SelectField
          label={_(LABEL_TEXTS.layout)}
          hint={_(LABEL_TEXTS.layoutHint)}
          value={layout}
          onChange={(event) => chooseLayout(event.target.value as TLabelLayoutId)}
        >
          {LABEL_LAYOUTS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
        {perSheet > 1 ? (
          <TextField
            ref={startRef}
            label={_(LABEL_TEXTS.startPosition)}
            hint={_(LABEL_TEXTS.startHint(perSheet))}
            error={startError}
            type="number"
            inputMode="numeric"
            min={1}
            max={perSheet}
            step={1}
            value={start}
            onChange={(event) => {
              setStart(event.target.value);
              setStartError(undefined);
            }}
          />
        ) : null}
        {forLocations ? null : (
          <>
            {fields.isError ? <Alert tone="info">{_(LABEL_TEXTS.fieldsFailed)}</Alert> : null}
            <SelectField
              label={_(LABEL_TEXTS.field)}
              hint={_(LABEL_TEXTS.fieldHint)}
              value={fieldId}
              onChange={(event) => setFieldId(event.target.value)}
            >
              <option value="">{_(LABEL_TEXTS.noField)}</option>
              {printableFields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.label}
                </option>
              ))}
            </SelectField>
          </>
        )}
        <CheckboxField
          label={_(LABEL_TEXTS.logo)}
          checked={includeLogo}
          onChange={(event) => setIncludeLogo(event.target.checked)}
        />
        <DialogFooter>
          <p className={styles.summary} aria-live="polite">
            {_(summary())}
          </p>
          <p className={styles.hint}>{_(LABEL_TEXTS.printHint)}</p>
          {outcome.error ? <Alert>{outcome.error}</Alert> : null}
          {outcome.done ? <Alert tone="success">{_(LABEL_TEXTS.downloaded)}</Alert> : null}
          <div className={`${buttonRow.row} ${styles.buttons}`}>
            <Button type="submit" disabled={busy}>
              {_(busy ? LABEL_TEXTS.preparing : LABEL_TEXTS.download)}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
