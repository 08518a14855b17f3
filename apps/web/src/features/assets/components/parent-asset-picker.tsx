import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox } from '#web/components/ui/combobox.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { assetKeys } from '../api/asset-keys.ts';
import { getAssets } from '../api/get-assets.ts';
import { PLACE_TEXTS } from '../texts.ts';
import type { TParentChoice } from './asset-form-values.ts';

/** How many assets the picker offers. */
const PICKER_RESULTS = 20;
const SEARCH_PAUSE_MS = 200;
const NONE = '';

type TParentAssetPickerProps = {
  label: string;
  error?: string | undefined;
  value: TParentChoice | null;
  onChange: (parent: TParentChoice | null) => void;
  /** The asset being edited: never its own parent. */
  assetId?: string | undefined;
};

/**
 * The parent asset picker: a combobox over the assets in service, found by name or slug as one
 * types (the asset list's search), with "Not a component" first. The server refuses a cycle (an
 * asset under one of its own components) and says why.
 */
export function ParentAssetPicker({ label, error, value, onChange, assetId }: TParentAssetPickerProps) {
  const { _ } = useLingui();
  // Nothing is asked for before the list first opens.
  const [text, setText] = useState<string | null>(null);
  const search = useDebouncedValue(text ?? '', SEARCH_PAUSE_MS).trim();
  const view = { search, status: 'active' as const, sort: 'name', order: 'asc' as const };
  const query = useQuery({
    queryKey: assetKeys.list({ view, page: 1, columns: [] }),
    queryFn: ({ signal }) => getAssets({ view, page: 1, pageSize: PICKER_RESULTS, columns: [] }, signal),
    enabled: text !== null,
  });
  const found = (query.data?.items ?? []).filter((asset) => asset.id !== assetId);
  const options = [
    ...(search === '' ? [{ id: NONE, label: _(PLACE_TEXTS.noParent) }] : []),
    ...found.map((asset) => ({ id: asset.id, label: asset.name, detail: asset.slug })),
  ];
  const pending = (text ?? '').trim() !== search || query.isFetching;
  return (
    <Combobox
      label={label}
      hint={_(PLACE_TEXTS.parentHint)}
      error={error}
      value={value}
      onChange={(option) =>
        onChange(option && option.id !== NONE ? { id: option.id, label: option.label } : null)
      }
      onSearch={setText}
      options={options}
      status={_(pending ? PLACE_TEXTS.searchingAssets : PLACE_TEXTS.noAssetMatch)}
    />
  );
}
