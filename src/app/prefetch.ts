import { routeModules } from './router';

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
