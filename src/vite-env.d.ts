/// <reference types="vite/client" />

/** package.json version, injected by vite.config.ts `define`. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Optional: the sales address shown on the landing page's contact section. */
  readonly VITE_CONTACT_EMAIL?: string;
}

/** scripts/vite/locale-subset.ts: chosen top-level keys of a locale file. */
declare module 'virtual:locale-subset/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
