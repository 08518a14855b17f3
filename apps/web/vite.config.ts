import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { PRODUCT_NAME } from '@mqr/contracts';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The shape of the API's answers: a digest of its OpenAPI document (kept current by a test). Copies
 * of answers kept on a device by a build with another shape are dropped (ADR 090).
 */
const apiShape = createHash('sha256')
  .update(readFileSync(new URL('../../docs/api-client/openapi.json', import.meta.url)))
  .digest('hex')
  .slice(0, 16);

const linguiConfig = fileURLToPath(new URL('lingui.config.ts', import.meta.url));
// Lingui's preset warns that its native transform exists; ours is chosen on purpose (above).
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  define: { __API_SHAPE__: JSON.stringify(apiShape) },
  plugins: [
    // Lingui's macros, transformed by Babel in the files that import them, and its .po catalogs compiled
    // on import (ADR 109). Not Lingui's native transform: npm skips its binary when `npm install` runs on
    // Node 20 (the binary asks for 22.19), and the first command must work there.
    babel({
      presets: [
        linguiTransformerBabelPreset(
          { linguiConfig: getConfig({ configPath: linguiConfig }) },
          { configPath: linguiConfig },
        ),
      ],
    }),
    lingui({ configPath: linguiConfig }),
    react(),
    // The installable app and its service worker (ADR 055): registered by the app (features/offline),
    // a new version waits for the user's "Reload".
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: 'Track assets, log maintenance events, and deliver read-only history over QR codes.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        // The header's colours (styles/global.css --surface and --bg, light); index.html's
        // theme-color metas follow the dark theme too.
        theme_color: '#ffffff',
        background_color: '#f4f6f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app's files, the QR decoder's WebAssembly (scanning offline) and the icons.
        globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    // Brotli and gzip twins of every text asset, served as they are by the server (no work per request).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|wasm|txt)$/,
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/public': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/public': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The app, and the lean public asset page that every QR scan opens (ADR 032).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'public-asset': fileURLToPath(new URL('public-asset.html', import.meta.url)),
      },
      output: {
        // A language's catalog is named for what it is, `catalog-<catalog>.<locale>.<hash>.js` (ADR 120):
        // a page's script budget counts the catalogs it imports by that name (apps/server/scripts/bench/script-size.ts).
        chunkFileNames: (chunk) => {
          const catalog = /\/locales\/([\w-]+)\/(\w+)\.po$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/catalog-${catalog[2]}.${catalog[1]}.[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Two cores shared with the API tests in CI: allow slow renders rather than flake.
    testTimeout: 30_000,
  },
});
