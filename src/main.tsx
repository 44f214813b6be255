import '@fontsource/ibm-plex-sans/400.css';
import '@fontsource/ibm-plex-sans/600.css';
import '@fontsource/ibm-plex-sans/700.css';
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EnvError, getEnv } from './config/env';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { initI18n } from './lib/i18n';
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
  // The app module creates the Supabase client, so it is loaded only after the env is valid.
  const [{ App }, { prefetchLikelyChunks }] = await Promise.all([
    import('./app/app'),
    import('./app/prefetch'),
    initI18n(),
  ]);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (import.meta.env.PROD) prefetchLikelyChunks();
  void reportWebVitals();
}

void bootstrap();
