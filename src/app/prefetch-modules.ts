/**
 * The screens SPEC §9's prefetch fetches ahead (src/app/prefetch.ts): the dashboard frame and
 * overview, bookings and clients. Their source files, so that scripts/vite/public-entries.ts can
 * name the built chunks (with what they import) in index.html's loader; the prefetch then adds
 * `<link rel="modulepreload">` for them: downloaded and compiled, but not run until opened.
 * Keep in step with `routeModules` in src/app/router.tsx (src/app/prefetch.test.ts checks).
 */
export const PREFETCHED_MODULES = [
  'src/app/layouts/dashboard-layout.tsx',
  'src/features/dashboard/pages/overview-page.tsx',
  'src/features/bookings/pages/bookings-page.tsx',
  'src/features/clients/pages/clients-page.tsx',
] as const;
