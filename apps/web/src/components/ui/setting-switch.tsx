import { type ReactNode, useState } from 'react';
import { failureMessage } from '#web/lib/failure-message.ts';
import { Alert } from './alert.tsx';
import { SwitchField } from './switch-field.tsx';

type TSettingSwitchProps = {
  label: string;
  /** Lines under the label; the false ones are left out. */
  hint: (string | false)[];
  checked: boolean | undefined;
  saving: boolean;
  /** Saves the new state; resolves to the state saved. */
  save: (checked: boolean) => Promise<boolean>;
  /** What the switch says once saved on and off, and when the save failed. */
  texts: { on: string; off: string; failed: string };
};

/** A switch that saves when switched, with what came of the last save under it. */
export function SettingSwitch({ label, hint, checked, saving, save, texts }: TSettingSwitchProps) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const onChange = (next: boolean) => {
    setNotice(null);
    save(next).then(
      (saved) => setNotice({ tone: 'success', text: saved ? texts.on : texts.off }),
      (error: unknown) => setNotice({ tone: 'error', text: failureMessage(texts.failed, error) }),
    );
  };
  const lines: ReactNode = hint
    .filter((line): line is string => Boolean(line))
    .map((line) => <span key={line}>{line}</span>);
  return (
    <>
      <SwitchField label={label} hint={lines} checked={checked} busy={saving} onChange={onChange} />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </>
  );
}
