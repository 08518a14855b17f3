import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { authStore } from '../lib/auth-store.ts';
import { clientConfigKey } from '../lib/client-config.ts';
import { shouldRetry } from '../lib/retry-policy.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Offline, queries wait (networkMode 'online') and show what this device kept (ADR 090).
      },
      // Offline writes go to the outbox (lib/offline-writes.ts) instead of waiting here.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Drops every cached server answer of the previous user when the session ends. */
function useClearCacheOnLogout(queryClient: QueryClient) {
  useEffect(() => {
    let hadAuth = authStore.getSnapshot().auth !== null;
    const unsubscribe = authStore.subscribe(() => {
      const hasAuth = authStore.getSnapshot().auth !== null;
      if (hadAuth && !hasAuth) {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== clientConfigKey[0] });
      }
      hadAuth = hasAuth;
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useClearCacheOnLogout(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
