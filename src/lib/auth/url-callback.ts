/**
 * What the address said when the app started, for /verify and /reset-password. auth-js reads
 * `#access_token=…&type=…` (or `#error_description=…`) and then clears the hash, before the
 * screen that needs to know the link's type has loaded; so lib/supabase.ts calls
 * `captureUrlCallback()` right before creating the client.
 */
export type UrlCallbackType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';

export interface UrlCallback {
  /** `type` of an e-mail link (GoTrue puts it in the hash next to the tokens). */
  type: UrlCallbackType | null;
  /** The link carried a session (access token …) that auth-js will take. */
  hasSession: boolean;
  /** `?token_hash=…&type=…`: a link we verify ourselves with verifyOtp({ token_hash, type }). */
  tokenHash: string | null;
  /** SPEC §5: a callback with error parameters fails using the error description. */
  error: { code: string | null; description: string } | null;
}

const TYPES: readonly string[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'];

export function parseUrlCallback(href: string): UrlCallback {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  // Hash parameters win: that is where GoTrue's implicit redirect puts them.
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, key) => params.set(key, value));
  const rawType = params.get('type');
  const description = params.get('error_description') ?? params.get('error');
  return {
    type: rawType && TYPES.includes(rawType) ? (rawType as UrlCallbackType) : null,
    hasSession: Boolean(params.get('access_token')),
    tokenHash: params.get('token_hash'),
    error:
      description || params.get('error_code')
        ? { code: params.get('error_code'), description: description ?? '' }
        : null,
  };
}

let captured: UrlCallback | null = null;

export function captureUrlCallback(): void {
  if (typeof window === 'undefined' || captured) return;
  captured = parseUrlCallback(window.location.href);
}

/** The callback captured at start (null outside a browser). */
export function getInitialUrlCallback(): UrlCallback | null {
  return captured;
}
