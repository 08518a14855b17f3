import type { TFieldTarget } from '@mqr/contracts';

/** react-query keys of field definitions (the admin screen and the asset form share them). */
export const fieldKeys = {
  all: ['fields'] as const,
  list: (target: TFieldTarget) => [...fieldKeys.all, target] as const,
};
