import { lazy, Suspense } from 'react';

const NotificationBell = lazy(() => import('./notification-bell'));

/**
 * The bell as its own chunk: the header renders at once with a same-sized placeholder, the bell
 * (and its first small query, the unread count) follows.
 */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-10" />}>
      <NotificationBell />
    </Suspense>
  );
}
