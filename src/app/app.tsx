import { useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './router';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router over the route table, with the lazy routes of the current URL loaded first
 * (issue 12): a router still waiting for them renders nothing at all on its first render, which
 * would not match a prerendered page being hydrated, and is an empty frame on any other.
 */
export async function createAppRouter(): Promise<AppRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy());
        delete route.lazy;
      } catch {
        // A chunk that failed to load stays lazy: the router tries again and shows the route's
        // error screen if it fails there too.
      }
    }),
  );
  return createBrowserRouter(routes);
}

export function App({ router }: { router?: AppRouter }) {
  const [appRouter] = useState(() => router ?? createBrowserRouter(routes));
  return (
    <AppProvider>
      <RouterProvider router={appRouter} />
    </AppProvider>
  );
}
