import { useLingui } from '@lingui/react';
import { NO_LOCATION } from '@mqr/contracts';
import { useLocation } from '#web/features/locations/index.ts';
import { LIST_TEXTS } from '../texts.ts';

/**
 * The location filter's value in words: the location's full path (read from the API; its id until
 * then), "No location" for `none`, '' without a filter.
 */
export function useLocationText(location: string | undefined): string {
  const { _ } = useLingui();
  const query = useLocation(location && location !== NO_LOCATION ? location : undefined);
  if (!location) return '';
  if (location === NO_LOCATION) return _(LIST_TEXTS.noLocation);
  return query.data?.path ?? location;
}
