// The lean entry of /a/{organizationId}/{slug} and /l/{organizationId}/{slug}, the pages QR scans open,
// and of /r/{token}, a reporter's status page (ADR 032): the page's request starts with this script,
// and only the shell and the page render.
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  PublicAssetApp,
  PublicLocationApp,
  PublicRequestApp,
  publicAssetParams,
  publicLocationParams,
  publicRequestToken,
} from './app/public-asset-app.tsx';
import { loadPublicAsset } from './features/public-asset/api/get-public-asset.ts';
import { loadPublicRequest } from './features/public-asset/components/request-status-content.tsx';
import { loadPublicLocation } from './features/public-location/api/get-public-location.ts';
import { authStore } from './lib/auth-store.ts';
import { activateLocale, i18n, speakFrom, visitorLocale } from './lib/i18n.ts';
import { PUBLIC_CATALOGS } from './lib/public-catalogs.ts';
import { getThemeStore } from './lib/theme-store.ts';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** The page of a public address, its request started now; null for any other path. */
function publicPage(pathname: string): ReactNode | null {
  const asset = publicAssetParams(pathname);
  if (asset) {
    return <PublicAssetApp {...asset} preloaded={loadPublicAsset(asset.organizationId, asset.slug)} />;
  }
  const location = publicLocationParams(pathname);
  if (location) {
    const preloaded = loadPublicLocation(location.organizationId, location.slug);
    return <PublicLocationApp {...location} preloaded={preloaded} />;
  }
  const token = publicRequestToken(pathname);
  if (token) return <PublicRequestApp token={token} preloaded={loadPublicRequest(token)} />;
  return null;
}

const page = authStore.isLoggedIn() ? null : publicPage(window.location.pathname);
if (page) {
  getThemeStore();
  // The visitor's language (ADR 110): its catalog downloads while the asset's request runs. The page's
  // own catalog, its messages only (ADR 120); the footer's switcher downloads from it too.
  speakFrom(PUBLIC_CATALOGS);
  void activateLocale(visitorLocale()).then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>{page}</I18nProvider>
      </StrictMode>,
    ),
  );
  // After the page has loaded, the service worker that keeps it readable offline (ADR 055).
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  }
} else {
  // Signed in (their menu, navigation and organization in the header), or no public page's address: the whole app.
  void import('./app/start-app.tsx').then(({ startApp }) => startApp(root));
}
