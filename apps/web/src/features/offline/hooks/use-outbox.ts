import { useEffect, useState } from 'react';
import { useAuth } from '#web/lib/auth-store.ts';
import type { TOutboxEntry } from '../lib/offline-db.ts';
import { listOutbox, onOutboxChange } from '../lib/outbox.ts';
import { ownerOfToken } from '../lib/owner.ts';

/** The signed-in user's outbox, oldest first, kept up to date (null until read). */
export function useOutbox(): TOutboxEntry[] | null {
  const owner = ownerOfToken(useAuth()?.token);
  const [entries, setEntries] = useState<TOutboxEntry[] | null>(null);
  useEffect(() => {
    if (!owner) {
      setEntries([]);
      return;
    }
    let current = true;
    const load = () =>
      void listOutbox(owner).then(
        (list) => current && setEntries(list),
        () => current && setEntries([]),
      );
    load();
    const unsubscribe = onOutboxChange(load);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [owner]);
  return entries;
}
