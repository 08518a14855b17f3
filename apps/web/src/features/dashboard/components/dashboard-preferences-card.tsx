import { useLingui } from '@lingui/react';
import {
  DASHBOARD_DAY_LIMITS,
  DASHBOARD_SECTIONS,
  type TDashboardSection,
  type TDayLimits,
} from '@mqr/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import type { TDashboardPreferences } from '../lib/dashboard-preferences.ts';
import { DASHBOARD_SECTION_LABELS, DASHBOARD_TEXTS } from '../texts.ts';
import styles from './dashboard-preferences.module.css';

type TDashboardPreferencesCardProps = {
  preferences: TDashboardPreferences;
  onToggleSection: (id: TDashboardSection) => void;
  onRangeDays: (input: string) => void;
  onTurnaroundDays: (input: string) => void;
};

/** "Dashboard preferences" card (administrators): the visible sections and the two day counts. */
export function DashboardPreferencesCard({
  preferences,
  onToggleSection,
  onRangeDays,
  onTurnaroundDays,
}: TDashboardPreferencesCardProps) {
  const { _ } = useLingui();
  const headingId = useId();
  const lastHintId = useId();
  const { sections } = preferences;
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {_(DASHBOARD_TEXTS.preferencesTitle)}
      </h2>
      <div className={styles.body}>
        <fieldset className={styles.sections}>
          <legend className={styles.legend}>{_(DASHBOARD_TEXTS.sectionsLegend)}</legend>
          <div className={styles.checks}>
            {DASHBOARD_SECTIONS.map((id) => {
              const checked = sections.includes(id);
              const last = checked && sections.length === 1;
              return (
                <CheckboxField
                  key={id}
                  label={_(DASHBOARD_SECTION_LABELS[id])}
                  checked={checked}
                  disabled={last}
                  aria-describedby={last ? lastHintId : undefined}
                  onChange={() => onToggleSection(id)}
                />
              );
            })}
          </div>
          <p id={lastHintId} className={styles.hint}>
            {_(DASHBOARD_TEXTS.lastSectionHint)}
          </p>
        </fieldset>
        <div className={styles.numbers}>
          <DayCountField
            label={_(DASHBOARD_TEXTS.rangeLabel)}
            limits={DASHBOARD_DAY_LIMITS.rangeDays}
            value={preferences.rangeDays}
            onCommit={onRangeDays}
          />
          <DayCountField
            label={_(DASHBOARD_TEXTS.windowLabel)}
            limits={DASHBOARD_DAY_LIMITS.turnaroundDays}
            value={preferences.turnaroundDays}
            onCommit={onTurnaroundDays}
          />
        </div>
      </div>
    </Card>
  );
}

type TDayCountFieldProps = {
  label: string;
  limits: TDayLimits;
  value: number;
  onCommit: (input: string) => void;
};

/**
 * A day count typed freely and committed on blur or Enter (not on every keystroke, which would reload
 * the analytics while typing). After a commit, and whenever the preference changes, the field shows
 * the preference again: the rounded and clamped value, or the previous one when the input was ignored.
 */
function DayCountField({ label, limits, value, onCommit }: TDayCountFieldProps) {
  const { _ } = useLingui();
  // What is being typed, for the preference it started from (a new preference discards it).
  const [draft, setDraft] = useState<{ text: string; from: number } | null>(null);
  const editing = draft !== null && draft.from === value;
  const text = editing ? draft.text : String(value);

  function commit() {
    if (editing && draft.text !== String(value)) onCommit(draft.text);
    setDraft(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  }

  return (
    <TextField
      label={label}
      hint={_(DASHBOARD_TEXTS.dayBounds(formatNumber(limits.min), formatNumber(limits.max)))}
      type="number"
      inputMode="numeric"
      min={limits.min}
      max={limits.max}
      step={1}
      value={text}
      onChange={(event) => setDraft({ text: event.target.value, from: value })}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}
