// The lean entry of /a/{organizationId}/{slug}, the page every QR scan opens (ADR 032): the asset's
// request starts with this script, and only the shell and the asset page render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicAssetApp, publicAssetParams } from './app/public-asset-app.tsx';
import { loadPublicAsset } from './features/public-asset/api/get-public-asset.ts';
import { authStore } from './lib/auth-store.ts';
import { getThemeStore } from './lib/theme-store.ts';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const params = publicAssetParams(window.location.pathname);
if (params && !authStore.isLoggedIn()) {
  const preloaded = loadPublicAsset(params.organizationId, params.slug);
  getThemeStore();
  createRoot(root).render(
    <StrictMode>
      <PublicAssetApp {...params} preloaded={preloaded} />
    </StrictMode>,
  );
  // After the page has loaded, the service worker that keeps it readable offline (ADR 055).
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  }
} else {
  // Signed in (their menu, navigation and organization in the header), or no asset's address: the whole app.
  void import('./app/start-app.tsx').then(({ startApp }) => startApp(root));
}
