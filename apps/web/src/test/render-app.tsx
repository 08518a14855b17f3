import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { LanguageProvider } from '../app/language-provider.tsx';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import {
  PublicAssetApp,
  PublicLocationApp,
  PublicRequestApp,
  publicAssetParams,
  publicLocationParams,
  publicRequestToken,
} from '../app/public-asset-app.tsx';
import { buildRoutes } from '../app/router.tsx';
import { loadPublicAsset } from '../features/public-asset/api/get-public-asset.ts';
import { loadPublicRequest } from '../features/public-asset/components/request-status-content.tsx';
import { loadPublicLocation } from '../features/public-location/api/get-public-location.ts';
import { speakFrom } from '../lib/i18n.ts';
import { PUBLIC_CATALOGS } from '../lib/public-catalogs.ts';

/** Renders the whole app (providers, shell, guarded routes) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <LanguageProvider>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </LanguageProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Renders the given routes instead of the app's, inside the app's providers, at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <LanguageProvider>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </LanguageProvider>,
  );
  return { ...utils, router };
}

/**
 * Renders the lean public asset page (ADR 032) at `path` (/a/{organizationId}/{slug}) as its entry
 * does: the address becomes the window's, the asset's request starts before rendering, and a language
 * chosen from now on comes from the page's own catalogs (ADR 120).
 */
export function renderPublicAssetApp(path: string) {
  speakFrom(PUBLIC_CATALOGS);
  window.history.replaceState(null, '', path);
  const params = publicAssetParams(window.location.pathname);
  if (!params) throw new Error(`${path} is not a public asset page`);
  const preloaded = loadPublicAsset(params.organizationId, params.slug);
  return render(
    <StrictMode>
      <PublicAssetApp {...params} preloaded={preloaded} />
    </StrictMode>,
  );
}

/** Renders the lean public location page (ADR 032) at `path` (/l/{organizationId}/{slug}) as its entry does. */
export function renderPublicLocationApp(path: string) {
  speakFrom(PUBLIC_CATALOGS);
  window.history.replaceState(null, '', path);
  const params = publicLocationParams(window.location.pathname);
  if (!params) throw new Error(`${path} is not a public location page`);
  const preloaded = loadPublicLocation(params.organizationId, params.slug);
  return render(
    <StrictMode>
      <PublicLocationApp {...params} preloaded={preloaded} />
    </StrictMode>,
  );
}

/** Renders a reporter's lean status page (/r/{token}) as its entry does. */
export function renderPublicRequestApp(path: string) {
  speakFrom(PUBLIC_CATALOGS);
  window.history.replaceState(null, '', path);
  const token = publicRequestToken(window.location.pathname);
  if (!token) throw new Error(`${path} is not a status page`);
  return render(
    <StrictMode>
      <PublicRequestApp token={token} preloaded={loadPublicRequest(token)} />
    </StrictMode>,
  );
}
