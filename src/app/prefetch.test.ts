import { describe, expect, it, vi } from 'vitest';
import { prefetchLikelyChunks, shouldPrefetch } from './prefetch';
import { PREFETCHED_MODULES } from './prefetch-modules';
import routerSource from './router.tsx?raw';

function storage(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('shouldPrefetch (SPEC §9, issue 12)', () => {
  it('prefetches the dashboard for a browser holding a session, wherever it is', () => {
    expect(shouldPrefetch('/', [storage(['language', 'sb-127-auth-token']), null])).toBe(true);
    expect(shouldPrefetch('/org/demo', [null, storage(['sb-abc-auth-token'])])).toBe(true);
  });

  it('prefetches on the sign-in pages, in both languages', () => {
    expect(shouldPrefetch('/login', [storage([])])).toBe(true);
    expect(shouldPrefetch('/ar/login/', [storage([])])).toBe(true);
  });

  it('leaves a signed-out visitor of the landing or a booking page alone', () => {
    expect(shouldPrefetch('/', [storage(['language']), storage([])])).toBe(false);
    expect(shouldPrefetch('/ar', [null, null])).toBe(false);
    expect(shouldPrefetch('/org/demo/units/1', [storage([])])).toBe(false);
  });
});

describe('prefetchLikelyChunks (SPEC §9)', () => {
  it('adds a modulepreload link per file once idle, and runs nothing', () => {
    vi.useFakeTimers();
    try {
      window.__nuzlPrefetch = ['/assets/bookings-page-abc.js', '/assets/clients-page-def.js'];
      prefetchLikelyChunks(window);
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      vi.runAllTimers();
      const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
      expect(links.map((link) => link.getAttribute('href'))).toEqual(window.__nuzlPrefetch);
      links.forEach((link) => link.remove());
    } finally {
      delete window.__nuzlPrefetch;
      vi.useRealTimers();
    }
  });

  it('names the very modules the router loads for the dashboard, overview, bookings and clients', () => {
    const imported = [
      ...routerSource.matchAll(/(dashboardLayout|overview|bookings|clients): \(\) => import\('([^']+)'\)/g),
    ].map(([, , specifier]) => specifier!.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/'));
    expect(imported).toHaveLength(4);
    expect(PREFETCHED_MODULES.map((file) => file.replace(/\.tsx?$/, ''))).toEqual(imported);
  });
});
