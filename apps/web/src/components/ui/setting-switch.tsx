import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { SwitchField } from './switch-field.tsx';

export type TSettingNotice = { tone: 'success' | 'error'; text: string };

type TSettingSwitchProps = {
  label: string;
  hint: ReactNode;
  checked: boolean | undefined;
  saving: boolean;
  notice: TSettingNotice | null;
  onChange: (checked: boolean) => void;
};

/** A switch that saves when switched, with what came of the last save under it. */
export function SettingSwitch({ label, hint, checked, saving, notice, onChange }: TSettingSwitchProps) {
  return (
    <>
      <SwitchField label={label} hint={hint} checked={checked} disabled={saving} onChange={onChange} />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </>
  );
}

/** The hint of an email setting: its own words, then why no email goes out, when that is so. */
export function settingHint(lines: (string | false | undefined)[]): ReactNode {
  const shown = lines.filter((line): line is string => Boolean(line));
  return shown.map((line) => <span key={line}>{line}</span>);
}
