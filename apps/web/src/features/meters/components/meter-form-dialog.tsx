import { useLingui } from '@lingui/react';
import { METER_UNIT_SUGGESTIONS, type TMeter, ZMeterBody } from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useSaveMeter } from '../api/save-meter.ts';
import { METER_TEXTS } from '../texts.ts';
import styles from './meters.module.css';

type TErrors = Partial<Record<'name' | 'unit', string>>;

/** "Add meter" or "Edit meter" (administrators): its name and its unit, from suggestions or typed. */
export function MeterFormDialog({
  assetId,
  meter,
  onClose,
}: {
  assetId: string;
  meter?: TMeter | undefined;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const save = useSaveMeter(assetId, meter?.id);
  const unitsId = useId();
  const [name, setName] = useState(meter?.name ?? '');
  const [unit, setUnit] = useState(meter?.unit ?? '');
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZMeterBody.safeParse({ name, unit });
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0]) as keyof TErrors;
        found[path] ??= wordMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync(parsed.data);
      onClose();
    } catch (error) {
      const placed: TErrors = {};
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (field.path === 'name' || field.path === 'unit') placed[field.path] = field.message;
        }
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFailure(failureMessage(_(METER_TEXTS.saveMeterFailed), error));
    }
  }

  return (
    <Dialog
      title={meter ? _(METER_TEXTS.editTitle) : _(METER_TEXTS.addTitle)}
      busy={save.isPending}
      onClose={onClose}
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
        <TextField
          label={_(METER_TEXTS.name)}
          hint={_(METER_TEXTS.nameHint)}
          autoComplete="off"
          aria-required
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={_(METER_TEXTS.unit)}
          hint={_(METER_TEXTS.unitHint)}
          autoComplete="off"
          aria-required
          list={unitsId}
          value={unit}
          error={errors.unit}
          onChange={(event) => setUnit(event.target.value)}
        />
        <datalist id={unitsId}>
          {METER_UNIT_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        <DialogFooter>
          {failure ? <Alert>{failure}</Alert> : null}
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
              {_(METER_TEXTS.cancel)}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? _(METER_TEXTS.saving) : _(METER_TEXTS.saveMeter)}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
