import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { boundKeptReads, registerServiceWorker } from '../features/offline/index.ts';
import { APP_CATALOGS } from '../lib/app-catalogs.ts';
import { authStore } from '../lib/auth-store.ts';
import { activateLocale, appLocale, speakFrom } from '../lib/i18n.ts';
import { getThemeStore } from '../lib/theme-store.ts';
import '../lib/zod-language.ts';
import { followBrowserConnection } from '../lib/use-online.ts';
import { LanguageProvider } from './language-provider.tsx';
import { KEPT_READS, OfflineComposition } from './offline-composition.tsx';
import { AppProviders, createQueryClient } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Renders the whole app (providers, offline layer, router, every screen) into `root`, once the
 * catalog of its language has loaded (ADR 110).
 */
export async function startApp(root: HTMLElement) {
  getThemeStore();
  registerServiceWorker();
  followBrowserConnection();
  const queryClient = createQueryClient();
  boundKeptReads(queryClient, KEPT_READS);
  const router = createAppRouter();
  speakFrom(APP_CATALOGS);
  await activateLocale(appLocale(authStore.getSnapshot()));
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider>
        <AppProviders queryClient={queryClient}>
          <OfflineComposition>
            <RouterProvider router={router} />
          </OfflineComposition>
        </AppProviders>
      </LanguageProvider>
    </StrictMode>,
  );
}
