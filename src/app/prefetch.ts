import { paths } from '@/config/paths';
import { routeModules } from './router';

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

/**
 * SPEC §9: in production, once the first screen has loaded and the browser is idle, fetch the
 * chunks people open next — the dashboard, bookings and clients — so the first click is instant.
 * Only the JavaScript is fetched; nothing runs and no data is requested.
 */
export function prefetchLikelyChunks(target: Window = window): void {
  const start = () => {
    const idle = (callback: () => void) => {
      // Safari has no requestIdleCallback; a short delay keeps the first paint uncontended.
      if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(callback);
      else setTimeout(callback, 1500);
    };
    idle(() => {
      for (const load of [
        routeModules.dashboardLayout,
        routeModules.overview,
        routeModules.bookings,
        routeModules.clients,
      ]) {
        // A failed prefetch only means the chunk is fetched later, on navigation.
        load().catch(() => undefined);
      }
    });
  };
  if (target.document.readyState === 'complete') start();
  else target.addEventListener('load', start, { once: true });
}
