import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { authStore } from '../lib/auth-store.ts';
import { clientConfigKey } from '../lib/client-config.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) are answers, not glitches: do not retry them.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
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
