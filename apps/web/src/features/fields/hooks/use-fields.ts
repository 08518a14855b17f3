import type { TFieldTarget } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { fieldKeys } from '../api/field-keys.ts';
import { getFields } from '../api/get-fields.ts';

/** Every field definition of a target, inactive ones included (screens filter what they show). */
export function useFields(target: TFieldTarget) {
  return useQuery({
    queryKey: fieldKeys.list(target),
    queryFn: ({ signal }) => getFields(target, signal),
  });
}
