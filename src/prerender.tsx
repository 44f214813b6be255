/**
 * Build-time prerendering of the public entry points (issue 12): `/` and `/login` in English,
 * `/ar` and `/ar/login` in Arabic. scripts/vite/public-entries.ts loads this module through Vite
 * after the client build and writes each page's HTML into the build, so a visitor sees the page
 * before any JavaScript has arrived; main.tsx then hydrates it with the same tree.
 */
import { QueryClient } from '@tanstack/react-query';
import type { ResourceLanguage } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { i18n, initI18n, SUPPORTED_LANGUAGES, type Language } from '@/lib/i18n';

const localeFiles = import.meta.glob<{ default: ResourceLanguage }>('./locales/*/*.json', { eager: true });

function allResources(): Record<Language, Record<string, ResourceLanguage>> {
  const resources = { en: {}, ar: {} } as Record<Language, Record<string, ResourceLanguage>>;
  for (const [file, module] of Object.entries(localeFiles)) {
    const [, language, namespace] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (language && namespace && (SUPPORTED_LANGUAGES as readonly string[]).includes(language)) {
      resources[language as Language][namespace] = module.default;
    }
  }
  return resources;
}

let ready: Promise<unknown> | undefined;

/** The namespaces useTranslation asked for since `i18n.reportNamespaces` was last reset. */
function usedNamespaces(): string[] {
  return [...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])].sort();
}

export interface PrerenderedPage {
  /** The HTML of `#root`. */
  html: string;
  /**
   * The translation namespaces the page used (react-i18next's own record for server rendering).
   * main.tsx loads them before hydrating: a namespace still loading would suspend the page's
   * Suspense boundary mid-hydration, and React would then drop the prerendered DOM and draw it
   * again — a second paint of the hero that Lighthouse counts as the LCP.
   */
  namespaces: string[];
}

/** `url` (a path of the route table) in `language`. */
export async function render(url: string, language: Language): Promise<PrerenderedPage> {
  ready ??= initI18n({ language, resources: allResources() });
  await ready;
  await i18n.changeLanguage(language);
  // useTranslation records each namespace it is asked for on this object, creating it when absent:
  // a fresh one per page.
  delete i18n.reportNamespaces;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`Prerender of ${url} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  if (i18n.language !== language) throw new Error(`Prerender of ${url} lost its language`);
  return { html, namespaces: usedNamespaces() };
}
