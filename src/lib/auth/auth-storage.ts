import { classifyStoredSession } from './session';

/**
 * Remember me (SPEC §1, §9: one month), with supabase-js' `auth.storage` as the switch:
 * - remember on  → the session goes to localStorage, next to a marker holding its end date
 *   (now + 30 days); it survives closing the browser until that date, then it is dropped;
 * - remember off → the session goes to sessionStorage, which the browser clears when the
 *   session (the tab/window) ends.
 * The choice is made on the login screen before the code is verified and applies to every
 * write after that (refreshes included). Reads look in both places, so a session written
 * before the choice changed is still found, and a stored value without access_token,
 * refresh_token and expires_at (SPEC §4) is removed instead of handed to auth-js.
 */

export const REMEMBER_KEY = 'nuzl.auth.remember_until';
export const REMEMBER_DURATION_MS = 30 * 24 * 60 * 60 * 1000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Called by the login form: remember (one month from now) or not. */
  setRemember(remember: boolean): void;
  /** Whether the current choice is "remember me", and until when (ms since epoch). */
  getRemember(): { remember: boolean; until: number | null };
  /** Storage keys holding auth data (for diagnostics: names only, never values). */
  keys(): { key: string; where: 'local' | 'session' }[];
  /** Whether a session existed in storage when the app started (to tell "expired" from "never signed in"). */
  readonly hadSessionAtStart: boolean;
}

export interface AuthStorageOptions {
  local: StorageLike | null;
  session: StorageLike | null;
  /** The key supabase-js stores the session under (`sb-<ref>-auth-token`). */
  sessionKey: string;
  now?: () => number;
}

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage disabled (private mode), full, or blocked by the browser: behave as if empty.
    return fallback;
  }
}

export function createAuthStorage({
  local,
  session,
  sessionKey,
  now = () => Date.now(),
}: AuthStorageOptions): AuthStorage {
  const readUntil = (): number | null => {
    const raw = safe(() => local?.getItem(REMEMBER_KEY) ?? null, null);
    const until = raw === null ? NaN : Number(raw);
    return Number.isFinite(until) ? until : null;
  };

  /** A remembered session past its month is forgotten, marker and all. */
  const expireRemembered = () => {
    const until = readUntil();
    if (until !== null && until <= now()) {
      safe(() => local?.removeItem(REMEMBER_KEY), undefined);
      for (const key of [sessionKey, `${sessionKey}-user`, `${sessionKey}-code-verifier`]) {
        safe(() => local?.removeItem(key), undefined);
      }
    }
  };

  const rememberActive = () => {
    const until = readUntil();
    return until !== null && until > now();
  };

  const isAuthKey = (key: string) => key === sessionKey || key.startsWith(`${sessionKey}-`);

  const getItem = (key: string): string | null => {
    if (isAuthKey(key)) expireRemembered();
    const value = safe(() => local?.getItem(key) ?? null, null) ?? safe(() => session?.getItem(key) ?? null, null);
    if (key === sessionKey && value !== null && classifyStoredSession(value, now()) === 'invalid') {
      removeItem(key);
      return null;
    }
    return value;
  };

  const setItem = (key: string, value: string) => {
    const [target, other] = rememberActive() ? [local, session] : [session, local];
    safe(() => target?.setItem(key, value), undefined);
    safe(() => other?.removeItem(key), undefined);
  };

  const removeItem = (key: string) => {
    safe(() => local?.removeItem(key), undefined);
    safe(() => session?.removeItem(key), undefined);
  };

  const hadSessionAtStart = (() => {
    expireRemembered();
    const raw =
      safe(() => local?.getItem(sessionKey) ?? null, null) ?? safe(() => session?.getItem(sessionKey) ?? null, null);
    return raw !== null;
  })();

  return {
    getItem,
    setItem,
    removeItem,
    hadSessionAtStart,
    setRemember(remember) {
      if (remember) safe(() => local?.setItem(REMEMBER_KEY, String(now() + REMEMBER_DURATION_MS)), undefined);
      else safe(() => local?.removeItem(REMEMBER_KEY), undefined);
    },
    getRemember() {
      const active = rememberActive();
      return { remember: active, until: active ? readUntil() : null };
    },
    keys() {
      const found: { key: string; where: 'local' | 'session' }[] = [];
      const scan = (store: StorageLike | null, where: 'local' | 'session') => {
        const real = store as Storage | null;
        const length = safe(() => real?.length ?? 0, 0);
        for (let index = 0; index < length; index += 1) {
          const key = safe(() => real?.key(index) ?? null, null);
          if (key && (isAuthKey(key) || key === REMEMBER_KEY)) found.push({ key, where });
        }
      };
      scan(local, 'local');
      scan(session, 'session');
      return found;
    },
  };
}

/** supabase-js' default storage key for a project URL: `sb-<first label of the host>-auth-token`. */
export function defaultSessionKey(supabaseUrl: string): string {
  const host = new URL(supabaseUrl).hostname;
  return `sb-${host.split('.')[0]}-auth-token`;
}
