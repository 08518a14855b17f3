import { IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useAuth } from '#web/lib/auth-store.ts';
import type { TKeptRead } from '../lib/kept-reads.ts';
import { currentOwner } from '../lib/outbox-runner.ts';
import { ownerOfToken } from '../lib/owner.ts';

/**
 * Puts the signed-in user's kept copies back into the query cache before the screens read (they wait
 * meanwhile, as with TanStack Query's own persister provider), then keeps `reads` on this device as
 * they change (ADR 090). Another user signing in gets their own copies, never these. The persister
 * loads with the first signed-in screen, not with the app.
 */
export function KeptCopiesProvider({
  reads,
  buster,
  children,
}: {
  reads: readonly TKeptRead[];
  buster: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const owner = ownerOfToken(useAuth()?.token);
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    if (!owner) return;
    let current = true;
    let stop = () => {};
    void import('../lib/kept-copies.ts')
      .then(async ({ keepCopies }) => {
        if (!current) return;
        const copies = keepCopies(queryClient, { owner, currentOwner, reads, buster });
        stop = copies.stop;
        await copies.restored;
      })
      .catch(() => {
        // The app's files could not be read: it works without its kept copies.
      })
      .finally(() => {
        if (current) setRestoredFor(owner);
      });
    return () => {
      current = false;
      stop();
      setRestoredFor(null);
    };
  }, [owner, queryClient, reads, buster]);
  const restoring = owner !== null && restoredFor !== owner;
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
