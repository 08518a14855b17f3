import { useLingui } from '@lingui/react';
import { FIELD_DATA_TYPES } from '@mqr/contracts';
import type { ComponentProps } from 'react';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { DATA_TYPE_NAMES } from '../texts.ts';

/** A labelled select of the custom field data types, each shown by its name (Text, Number, ...). */
export function DataTypeSelectField(props: Omit<ComponentProps<typeof SelectField>, 'children'>) {
  const { _ } = useLingui();
  return (
    <SelectField {...props}>
      {FIELD_DATA_TYPES.map((type) => (
        <option key={type} value={type}>
          {_(DATA_TYPE_NAMES[type])}
        </option>
      ))}
    </SelectField>
  );
}
