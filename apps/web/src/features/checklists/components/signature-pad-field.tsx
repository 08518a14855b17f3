import { useLingui } from '@lingui/react';
import { useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useSignaturePad } from '../hooks/use-signature-pad.ts';
import { RUNNER_TEXTS } from '../texts.ts';
import styles from './signature-pad-field.module.css';

type TSignaturePadFieldProps = {
  /** What the signature is for (the step's label): the pad's group is named by it. */
  labelId: string;
  /** While the signature is being saved nothing can be drawn or pressed. */
  busy?: boolean;
  /** The signature as a PNG file, when "Save signature" is pressed with something drawn. */
  onSave: (file: File) => void;
};

/**
 * Draw a signature with a finger, a pen or the mouse, then save it: it becomes a PNG file (ADR 136).
 * A signature follows the hand's path, so it has no keyboard way to be drawn (WCAG 2.1.1's
 * exception); its buttons are keyboard buttons like any other.
 */
export function SignaturePadField({ labelId, busy = false, onSave }: TSignaturePadFieldProps) {
  const { _ } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useSignaturePad(canvas, busy);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  function save() {
    const file = pad.toPng('signature.png');
    if (!file) {
      setProblem(_(RUNNER_TEXTS.signatureEmpty));
      return;
    }
    setProblem(null);
    onSave(file);
  }

  return (
    <fieldset className={styles.field} aria-labelledby={labelId}>
      <div className={styles.paper}>
        <canvas
          ref={canvas}
          className={styles.canvas}
          role="img"
          aria-label={_(RUNNER_TEXTS.signatureArea)}
          aria-describedby={problem ? problemId : undefined}
        />
        <span className={styles.line} aria-hidden="true">
          {_(RUNNER_TEXTS.signHere)}
        </span>
      </div>
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          disabled={busy || pad.empty}
          onClick={() => {
            pad.clear();
            setProblem(null);
          }}
        >
          {_(RUNNER_TEXTS.clearSignature)}
        </Button>
        <Button disabled={busy} onClick={save}>
          {busy ? _(RUNNER_TEXTS.saving) : _(RUNNER_TEXTS.saveSignature)}
        </Button>
      </div>
    </fieldset>
  );
}
