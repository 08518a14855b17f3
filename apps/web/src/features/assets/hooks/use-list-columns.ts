import { useCallback, useState } from 'react';
import { useAuth } from '#web/lib/auth-store.ts';
import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/** The optional columns of the asset list: "updated", "location", or a custom field's id. */
export type TListColumn = string;
export const UPDATED_COLUMN = 'updated';
export const LOCATION_COLUMN = 'location';
/** What a person who chose nothing yet sees: where each asset is. */
const DEFAULT_COLUMNS: TListColumn[] = [LOCATION_COLUMN];

const storageKey = (email: string) => `mqr.assetList.columns.${email}`;

function read(email: string): TListColumn[] {
  try {
    const stored = safeLocalStorage()?.getItem(storageKey(email));
    if (stored === null || stored === undefined) return DEFAULT_COLUMNS;
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The optional columns the signed-in user chose for the asset list, remembered in this browser per
 * user (the URL holds the view; the columns are how this person likes to read it).
 */
export function useListColumns() {
  const email = useAuth()?.email ?? '';
  const [columns, setColumns] = useState<TListColumn[]>(() => read(email));
  const choose = useCallback(
    (next: TListColumn[]) => {
      setColumns(next);
      safeLocalStorage()?.setItem(storageKey(email), JSON.stringify(next));
    },
    [email],
  );
  return { columns, choose };
}
