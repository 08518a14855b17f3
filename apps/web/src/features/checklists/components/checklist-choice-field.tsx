import { useLingui } from '@lingui/react';
import type { TChecklistRef } from '@mqr/contracts';
import type { Ref, SelectHTMLAttributes } from 'react';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { useChecklistChoices } from '../api/get-checklist-choices.ts';
import { CHOICE_TEXTS } from '../texts.ts';

type TChecklistChoiceFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  /** Where the choice is made: a schedule's tasks, or one new task (the hint says which). */
  purpose: 'schedule' | 'task';
  /** The checklist already chosen (a schedule's), kept listed even when archived since. */
  saved?: TChecklistRef | null;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * "Checklist": the organization's checklist templates by name, or none (the schedule form and the
 * new-task form, docs/product/checklists-screens.md#choosing-a-checklist). Its value is a template's
 * id, '' for none.
 */
export function ChecklistChoiceField({ purpose, saved, error, ref, ...rest }: TChecklistChoiceFieldProps) {
  const { _ } = useLingui();
  const choices = useChecklistChoices();
  const items = choices.data?.items ?? [];
  const hint = choices.isError
    ? _(CHOICE_TEXTS.loadFailed)
    : _(purpose === 'schedule' ? CHOICE_TEXTS.hintSchedule : CHOICE_TEXTS.hintTask);
  return (
    <SelectField ref={ref} label={_(CHOICE_TEXTS.label)} hint={hint} error={error} {...rest}>
      <option value="">{_(CHOICE_TEXTS.none)}</option>
      {saved && !items.some((item) => item.id === saved.id) ? (
        <option value={saved.id}>{saved.name}</option>
      ) : null}
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </SelectField>
  );
}
