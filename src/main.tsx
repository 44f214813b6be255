import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { EnvError, getEnv } from './config/env';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { safeLocalStorage, safeSessionStorage } from './lib/environment';
import { initI18n, isLanguage } from './lib/i18n';
import { claimRoot, prerenderedNamespaces } from './lib/prerendered';
import { reportWebVitals } from './lib/web-vitals';

/** A misconfigured build says what is wrong, in plain text, instead of showing a blank page. */
function renderConfigError(root: HTMLElement, error: EnvError): void {
  const main = document.createElement('main');
  main.setAttribute('role', 'alert');
  main.style.cssText = 'max-width:40rem;margin:4rem auto;padding:0 1rem;font-family:system-ui,sans-serif';
  const title = document.createElement('h1');
  title.textContent = 'Nuzl is not configured';
  const body = document.createElement('pre');
  body.style.whiteSpace = 'pre-wrap';
  body.textContent = error.message;
  main.append(title, body);
  root.replaceChildren(main);
}

async function bootstrap(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      renderConfigError(root, error);
      return;
    }
    throw error;
  }
  installGlobalErrorHandlers();
  const hydrate = claimRoot(root);
  // index.html's loader decided the language before the first paint (`?lang=`, /ar, the stored
  // choice, the browser): the app starts in the same one, so hydration matches the page.
  const pageLanguage = document.documentElement.lang;
  // The app module creates the Supabase client, so it is loaded only after the env is valid.
  const [{ App, createAppRouter }, { prefetchLikelyChunks, shouldPrefetch }] = await Promise.all([
    import('./app/app'),
    import('./app/prefetch'),
    // The page's namespaces too: one still loading during hydration would suspend the page, and
    // React would redraw it from scratch (a second paint of the hero, a later LCP).
    initI18n(isLanguage(pageLanguage) ? { language: pageLanguage } : {}).then((i18n) =>
      hydrate ? i18n.loadNamespaces(prerenderedNamespaces(root)) : undefined,
    ),
  ]);
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Hydration as a transition: React works through the page in slices of a few milliseconds and
  // yields to the browser between them, instead of one long task that blocks taps (TBT, issue 12).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  if (import.meta.env.PROD && shouldPrefetch(window.location.pathname, [safeLocalStorage(), safeSessionStorage()])) {
    prefetchLikelyChunks();
  }
  void reportWebVitals();
}

void bootstrap();
