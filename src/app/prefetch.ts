import { paths } from '@/config/paths';

/**
 * Who gets SPEC §9's prefetch (issue 12): people who are about to use the dashboard — a browser
 * that holds a session (remembered or for this browser session), or a visitor of the sign-in
 * page. A signed-out visitor of the landing page or a guest of a booking page never needs the
 * dashboard's code, so their phone does not download it.
 */
export function shouldPrefetch(
  pathname: string,
  storages: readonly (Pick<Storage, 'length' | 'key'> | null)[],
): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.login.path || path === paths.arabicLogin.path) return true;
  return storages.some((storage) => {
    if (!storage) return false;
    try {
      for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.endsWith('-auth-token')) return true;
    } catch {
      // Storage disabled: no stored session.
    }
    return false;
  });
}

declare global {
  interface Window {
    /** The built files of PREFETCHED_MODULES, from index.html's loader (scripts/vite/public-entries.ts). */
    __nuzlPrefetch?: string[];
  }
}

/**
 * SPEC §9: in production, once the first screen has loaded and the browser is idle, fetch the
 * chunks people open next — the dashboard, bookings and clients — so the first click is instant.
 * Only the JavaScript is fetched (and compiled, off the main thread): `<link rel="modulepreload">`,
 * not `import()`, which would also run every module — tens of milliseconds of a phone's main thread
 * on a page that does not show them (issue 12, TBT). Opening the screen later runs them.
 */
export function prefetchLikelyChunks(target: Window = window): void {
  const files = target.__nuzlPrefetch ?? [];
  const start = () => {
    const idle = (callback: () => void) => {
      // Safari has no requestIdleCallback; a short delay keeps the first paint uncontended.
      if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(callback);
      else setTimeout(callback, 1500);
    };
    idle(() => {
      const document = target.document;
      for (const file of files) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = file;
        link.crossOrigin = '';
        document.head.appendChild(link);
      }
    });
  };
  if (target.document.readyState === 'complete') start();
  else target.addEventListener('load', start, { once: true });
}
