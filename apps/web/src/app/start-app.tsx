import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { getThemeStore } from '../lib/theme-store.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** Renders the whole app (providers, router, every screen) into `root`. */
export function startApp(root: HTMLElement) {
  getThemeStore();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
