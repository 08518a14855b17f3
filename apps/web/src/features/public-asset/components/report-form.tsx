import { useLingui } from '@lingui/react';
import {
  REQUEST_DESCRIPTION_MAX_LENGTH,
  REQUEST_EMAIL_MAX_LENGTH,
  REQUEST_HONEYPOT_FIELD,
  REQUEST_MAX_PHOTOS,
  REQUEST_NAME_MAX_LENGTH,
  REQUEST_URGENCIES,
  type TPublicAsset,
  type TReportCreated,
  type TRequestUrgency,
} from '@mqr/contracts';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { postReport, type TReportDraft } from '../api/reports.ts';
import { solveReportChallenge } from '../lib/altcha.ts';
import { queueReport, sendQueuedReports } from '../lib/report-outbox.ts';
import { resizePhoto } from '../lib/resize-photo.ts';
import { REPORT_TEXTS, URGENCY_WORDS } from '../texts.ts';
import styles from './report-problem.module.css';

type TErrors = Partial<Record<'description' | 'urgency' | 'email' | 'photos' | 'form', string>>;
type TOutcome = { kind: 'sent'; receipt: TReportCreated; hasEmail: boolean } | { kind: 'queued' } | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A photo chosen, resized, with its preview address (revoked when it goes). */
type TPhoto = { blob: Blob; url: string };

function PhotoPicker({
  photos,
  onChange,
  error,
}: {
  photos: TPhoto[];
  onChange: (photos: TPhoto[]) => void;
  error: string | undefined;
}) {
  const { _ } = useLingui();
  const inputId = useId();
  const [preparing, setPreparing] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setPreparing(true);
    setUnreadable(false);
    const added: TPhoto[] = [];
    for (const file of [...files].slice(0, REQUEST_MAX_PHOTOS - photos.length)) {
      const blob = await resizePhoto(file);
      if (blob) added.push({ blob, url: URL.createObjectURL(blob) });
      else setUnreadable(true);
    }
    setPreparing(false);
    onChange([...photos, ...added]);
  };
  const remove = (index: number) => {
    URL.revokeObjectURL(photos[index]!.url);
    onChange(photos.filter((_photo, at) => at !== index));
  };
  const shownError = error ?? (unreadable ? _(REPORT_TEXTS.photoUnreadable) : undefined);
  return (
    <fieldset className={styles.fieldset} aria-describedby={`${inputId}-hint`}>
      <legend className={styles.legend}>{_(REPORT_TEXTS.photos)}</legend>
      <p id={`${inputId}-hint`} className={styles.hint}>
        {_(REPORT_TEXTS.photosHint(REQUEST_MAX_PHOTOS))}
      </p>
      {photos.length > 0 ? (
        <ul className={styles.photos}>
          {photos.map((photo, index) => (
            <li key={photo.url} className={styles.photo}>
              <img src={photo.url} alt={_(REPORT_TEXTS.photoAlt(index + 1))} width={96} height={96} />
              <Button variant="ghost" onClick={() => remove(index)}>
                {_(REPORT_TEXTS.removePhoto(index + 1))}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < REQUEST_MAX_PHOTOS ? (
        <label className={styles.photoButton} htmlFor={inputId}>
          {_(REPORT_TEXTS.addPhoto)}
          <input
            id={inputId}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => {
              void add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </label>
      ) : null}
      {preparing ? (
        <p role="status" className={styles.hint}>
          {_(REPORT_TEXTS.preparingPhoto)}
        </p>
      ) : null}
      {shownError ? (
        <p role="alert" className={styles.error}>
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The field a server's 400 names, as this form calls it. */
function fieldOf(path: string): keyof TErrors {
  const field = path.split('.')[0];
  if (field === 'description' || field === 'urgency' || field === 'email' || field === 'photos') return field;
  return 'form';
}

function Receipt({ outcome }: { outcome: Exclude<TOutcome, null> }) {
  const { _ } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (outcome.kind === 'queued') {
    return (
      <div className={styles.receipt}>
        <Alert tone="info">{_(REPORT_TEXTS.queued)}</Alert>
      </div>
    );
  }
  const link = new URL(outcome.receipt.statusUrl, window.location.origin).href;
  return (
    <div className={styles.receipt}>
      <h3 ref={heading} tabIndex={-1} className={styles.receiptTitle}>
        {_(REPORT_TEXTS.receiptTitle)}
      </h3>
      <p>{_(REPORT_TEXTS.receiptLink)}</p>
      <p>
        <a className={styles.statusLink} href={outcome.receipt.statusUrl}>
          {link}
        </a>
      </p>
      {outcome.hasEmail ? <p className={styles.muted}>{_(REPORT_TEXTS.receiptEmail)}</p> : null}
    </div>
  );
}

/**
 * The report form (lazily loaded, docs/product/requests.md): what is wrong, how urgent, up to three
 * photos resized on the phone, an optional name and email, the honeypot; sent as multipart with an
 * Idempotency-Key after the proof of work, or kept in the outbox when the connection is gone.
 */
export default function ReportForm({ asset, onCancel }: { asset: TPublicAsset; onCancel: () => void }) {
  const { _ } = useLingui();
  const [description, setDescription] = useState('');
  const [urgency, setUrgency] = useState<TRequestUrgency | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [photos, setPhotos] = useState<TPhoto[]>([]);
  const [errors, setErrors] = useState<TErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome>(null);
  // One key per report: a retry after a cut or an error is the same report, never a second one.
  const key = useMemo(() => crypto.randomUUID(), []);
  const urgencyName = useId();
  const form = useRef<HTMLFormElement>(null);
  /** A field's message goes as soon as the visitor changes it. */
  const clear = (field: keyof TErrors) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  // A queued report goes out when the connection returns while the page is open: then its receipt shows.
  useEffect(() => {
    if (outcome?.kind !== 'queued') return;
    const onOnline = () =>
      void sendQueuedReports()
        .then((sent) => {
          const mine = sent.find((item) => item.key === key);
          if (mine) setOutcome({ kind: 'sent', receipt: mine.receipt, hasEmail: email.trim() !== '' });
        })
        .catch(() => {});
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [outcome, key, email]);

  if (outcome) return <Receipt outcome={outcome} />;

  const validate = (): TErrors => {
    const found: TErrors = {};
    const text = description.trim();
    if (!text) found.description = _(REPORT_TEXTS.descriptionRequired);
    else if (text.length > REQUEST_DESCRIPTION_MAX_LENGTH)
      found.description = _(REPORT_TEXTS.descriptionTooLong(REQUEST_DESCRIPTION_MAX_LENGTH));
    if (!urgency) found.urgency = _(REPORT_TEXTS.urgencyRequired);
    if (email.trim() && !EMAIL.test(email.trim())) found.email = _(REPORT_TEXTS.emailInvalid);
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !urgency) {
      // The first field in error takes the focus (its message is read with it).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const draft: TReportDraft = {
      description: description.trim(),
      urgency,
      name: name.trim(),
      email: email.trim(),
      website,
      photos: photos.map((photo) => photo.blob),
    };
    const hasEmail = draft.email !== '';
    const queue = async () => {
      await queueReport(asset.organizationId, asset.slug, asset.name, draft, key);
      setOutcome({ kind: 'queued' });
    };
    setSending(true);
    try {
      if (navigator.onLine === false) {
        await queue();
        return;
      }
      const altcha = await solveReportChallenge(asset.organizationId, asset.slug);
      const receipt = await postReport(asset.organizationId, asset.slug, draft, altcha, key);
      setOutcome({ kind: 'sent', receipt, hasEmail });
    } catch (error) {
      // No connection, or the server cannot take it now (the file storage or the database
      // unavailable, the disk full: ADR 140): it waits on this device and goes later.
      if (error instanceof ApiError && error.isTryLater) {
        await queue().catch(() => setErrors({ form: _(REPORT_TEXTS.sendFailed) }));
      } else if (error instanceof ApiError && error.status === 429) {
        setErrors({ form: _(REPORT_TEXTS.tooMany) });
      } else if (error instanceof ApiError && error.status === 400) {
        const named: TErrors = {};
        for (const field of error.fields) named[fieldOf(field.path)] ??= field.message;
        setErrors(Object.keys(named).length > 0 ? named : { form: error.message });
      } else {
        // A blocked sender (403), reporting turned off meanwhile (404): the server's own words follow.
        setErrors({ form: failureMessage(_(REPORT_TEXTS.sendFailed), error) });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={form} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextareaField
        label={_(REPORT_TEXTS.whatIsWrong)}
        hint={_(REPORT_TEXTS.whatIsWrongHint)}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          clear('description');
        }}
        error={errors.description}
        required
        rows={4}
        maxLength={REQUEST_DESCRIPTION_MAX_LENGTH}
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={errors.urgency ? `${urgencyName}-error` : undefined}
      >
        <legend className={styles.legend}>{_(REPORT_TEXTS.howUrgent)}</legend>
        <div className={styles.urgencies}>
          {REQUEST_URGENCIES.map((value) => (
            <label key={value} className={`${styles.urgency} ${value === 'unsafe' ? styles.unsafe : ''}`}>
              <input
                type="radio"
                name={urgencyName}
                value={value}
                checked={urgency === value}
                onChange={() => {
                  setUrgency(value);
                  clear('urgency');
                }}
                aria-invalid={errors.urgency && value === REQUEST_URGENCIES[0] ? true : undefined}
                aria-describedby={errors.urgency ? `${urgencyName}-error` : undefined}
              />
              {_(URGENCY_WORDS[value])}
            </label>
          ))}
        </div>
        {errors.urgency ? (
          <p id={`${urgencyName}-error`} className={styles.error}>
            {errors.urgency}
          </p>
        ) : null}
      </fieldset>
      <PhotoPicker photos={photos} onChange={setPhotos} error={errors.photos} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{_(REPORT_TEXTS.contactTitle)}</legend>
        <p className={styles.hint}>{_(REPORT_TEXTS.contactHint)}</p>
        <div className={styles.contact}>
          <TextField
            label={_(REPORT_TEXTS.name)}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={REQUEST_NAME_MAX_LENGTH}
            autoComplete="name"
          />
          <TextField
            label={_(REPORT_TEXTS.email)}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('email');
            }}
            error={errors.email}
            maxLength={REQUEST_EMAIL_MAX_LENGTH}
            autoComplete="email"
          />
        </div>
      </fieldset>
      {/* The honeypot: off screen and out of the tab order, so only a bot fills it (the server refuses it then). */}
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          {_(REPORT_TEXTS.website)}
          <input
            type="text"
            name={REQUEST_HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </label>
      </div>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className={styles.row}>
        <Button type="submit" disabled={sending}>
          {sending ? _(REPORT_TEXTS.sending) : _(REPORT_TEXTS.send)}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          {_(REPORT_TEXTS.cancel)}
        </Button>
      </div>
    </form>
  );
}
