import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and on the server), true once the page's
 * handlers are attached (issue 12). A prerendered form keeps its submit button disabled until
 * then: a tap before the scripts arrived would otherwise submit the bare HTML form and reload
 * the page. Typed values survive hydration (the inputs are uncontrolled).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
