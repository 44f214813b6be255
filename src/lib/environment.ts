/** SPEC §9: development on localhost, staging when the host says so, otherwise production. */
export type AppEnvironment = 'development' | 'staging' | 'production';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export function getEnvironment(hostname: string = window.location.hostname): AppEnvironment {
  const host = hostname.toLowerCase();
  // 127.0.0.1 and friends are "localhost" too: the local stack and `vite preview` bind there.
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return 'development';
  if (host.includes('staging') || host.includes('.dev')) return 'staging';
  return 'production';
}

export const DEBUG_STORAGE_KEY = 'nuzl.debug';

/**
 * Debug mode: `?debug=1` in the URL (what "Open with Debug" adds), or a flag stored by a
 * developer (`localStorage.setItem('nuzl.debug', '1')`). It shows technical details on error
 * screens and makes queries fail fast (1 retry instead of 3).
 */
export function isDebugMode(
  search: string = window.location.search,
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
): boolean {
  if (new URLSearchParams(search).get('debug') === '1') return true;
  try {
    return storage?.getItem(DEBUG_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** localStorage can throw (Safari private mode, disabled storage); callers get null instead. */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** sessionStorage, or null where it throws (like safeLocalStorage). */
export function safeSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
