import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createReadCache, currentOwner, registerServiceWorker } from '../features/offline/index.ts';
import { setReadCache } from '../lib/api-client.ts';
import { getThemeStore } from '../lib/theme-store.ts';
import { OfflineComposition } from './offline-composition.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** Renders the whole app (providers, offline layer, router, every screen) into `root`. */
export function startApp(root: HTMLElement) {
  getThemeStore();
  registerServiceWorker();
  setReadCache(createReadCache(currentOwner));
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <OfflineComposition>
          <RouterProvider router={router} />
        </OfflineComposition>
      </AppProviders>
    </StrictMode>,
  );
}
