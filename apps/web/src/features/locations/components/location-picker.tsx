import { useLingui } from '@lingui/react';
import type { TLocationOption } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Combobox, type TComboboxOption } from '#web/components/ui/combobox.tsx';
import { OfflineSeenAt } from '#web/components/ui/offline-notice.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { useLocationChildren } from '../api/get-location-children.ts';
import { useLocationSearch } from '../api/search-locations.ts';
import { seenLocations } from '../lib/seen-locations.ts';
import { LOCATION_TEXTS } from '../texts.ts';

/** A location as the picker shows it: its id (null: the "none" choice, `noneLabel`) and full path. */
export type TPickedLocation = { id: string | null; path: string };

/** The type-ahead waits this long after the last key. */
const SEARCH_PAUSE_MS = 150;
const NONE = '';

type TLocationPickerProps = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: TPickedLocation | null;
  onChange: (location: TPickedLocation | null) => void;
  /** A first choice that stands for no location (or the top level), offered before any typing. */
  noneLabel?: string | undefined;
  /** Locations not offered (the one being moved or deleted). */
  exclude?: readonly string[] | undefined;
};

/**
 * The tree picker (docs/product/locations.md#tree-picker): a combobox whose choices are locations
 * found by their full path ("Plant A / Building 2 / Boiler room") as one types; before any typing,
 * the "none" choice and the sites. Offline, its choices are the locations this device has seen,
 * found the same way, and it says when it last read them (ADR 127).
 */
export function LocationPicker({
  label,
  hint,
  error,
  value,
  onChange,
  noneLabel,
  exclude = [],
}: TLocationPickerProps) {
  const { _ } = useLingui();
  // Nothing is asked for before the list first opens.
  const [text, setText] = useState<string | null>(null);
  const query = useDebouncedValue(text ?? '', SEARCH_PAUSE_MS).trim();
  const online = useOnline();
  const queryClient = useQueryClient();
  const search = useLocationSearch(online ? query : '');
  const sites = useLocationChildren(null, online && text !== null && query === '');
  const seen = online ? null : seenLocations(queryClient, query);
  const found: TLocationOption[] =
    seen?.locations ?? (query === '' ? (sites.data?.pages[0]?.items ?? []) : (search.data ?? []));
  const options: TComboboxOption[] = [
    ...(noneLabel && query === '' ? [{ id: NONE, label: noneLabel }] : []),
    ...found
      .filter((location) => !exclude.includes(location.id))
      .map((location) => ({
        id: location.id,
        label: location.path,
        detail: location.code ? _(LOCATION_TEXTS.code(location.code)) : undefined,
      })),
  ];
  const pending =
    (text ?? '').trim() !== query || (!seen && (query === '' ? sites.isPending : search.isFetching));
  const offlineNote = seen ? <OfflineSeenAt at={seen.seenAt} none={LOCATION_TEXTS.noneSeen} /> : null;
  return (
    <Combobox
      label={label}
      hint={
        offlineNote && hint ? (
          <>
            {hint} {offlineNote}
          </>
        ) : (
          (offlineNote ?? hint)
        )
      }
      error={error}
      value={value ? { id: value.id ?? NONE, label: value.path } : null}
      onChange={(option) =>
        onChange(option ? { id: option.id === NONE ? null : option.id, path: option.label } : null)
      }
      onSearch={setText}
      options={options}
      listNote={offlineNote}
      status={_(
        pending ? LOCATION_TEXTS.searching : seen ? LOCATION_TEXTS.noSeenMatch : LOCATION_TEXTS.noMatch,
      )}
    />
  );
}
