import { FIELD_DATA_TYPES } from '@mqr/contracts';
import type { ComponentProps } from 'react';
import { SelectField } from '#web/components/ui/select-field.tsx';

/** A labelled select of the custom field data types, each shown by its name (Text, Number, ...). */
export function DataTypeSelectField(props: Omit<ComponentProps<typeof SelectField>, 'children'>) {
  return (
    <SelectField {...props}>
      {FIELD_DATA_TYPES.map((type) => (
        <option key={type} value={type}>
          {type}
        </option>
      ))}
    </SelectField>
  );
}
