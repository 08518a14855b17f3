/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** A digest of the API's OpenAPI document, set at build time (vite.config.ts). */
declare const __API_SHAPE__: string;

/** A Lingui catalog (src/locales/<locale>/messages.po), compiled on import by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
