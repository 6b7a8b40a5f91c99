/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External support and consulting site; see lib/config.ts. */
  readonly VITE_SUPPORT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
