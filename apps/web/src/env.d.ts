/// <reference types="vite/client" />

/** The console's version from apps/web/package.json, set by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** External documentation base for the help menu. */
  readonly VITE_DOCS_URL?: string;
  /** 'hosted' for the organisation-based identity provider; the self-hosted flow otherwise. */
  readonly VITE_AUTH_MODE?: string;
}
