/**
 * The lean entry of `/org/<slug>` (issue 12). index.html's loader picks it for that path: a guest
 * opening an operator's link waits for React and this page only — no router, no i18next, no
 * supabase-js, no react-query (~110 KB gzipped the page does not need). The page's data request
 * started in index.html before this script arrived (get-public-site-page.ts).
 * Everything else, the unit pages included, is the app (main.tsx → app/).
 */
import { Component, lazy, StrictMode, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isRedirect } from '@/features/public-site/api/get-public-site-page';
import { usePublicSitePage } from '@/features/public-site/api/use-public-site-page';
import { PublicSitePage } from '@/features/public-site/pages/public-site-page';
import { applyDocumentLanguage, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@/lib/i18n-core';
import { LeanI18nProvider, type LeanI18n } from '@/lib/lean-i18n';
import { claimRoot } from '@/lib/prerendered';
import { createTranslate, type Translate } from '@/lib/translate';
import arPublicSite from '@/locales/ar/public-site.json';
import enPublicSite from '@/locales/en/public-site.json';
// Only the `common` texts this page shows (scripts/vite/locale-subset.ts): common.json is
// shared with the app, and importing it whole would put all of it in this page's first paint.
import AR_COMMON from 'virtual:locale-subset/ar/common?keys=app_name,loading,language,public_site_error,actions,crash';
import EN_COMMON from 'virtual:locale-subset/en/common?keys=app_name,loading,language,public_site_error,actions,crash';

const TRANSLATORS: Record<Language, Translate> = {
  en: createTranslate('en', { 'public-site': enPublicSite, common: EN_COMMON }, 'public-site'),
  ar: createTranslate('ar', { 'public-site': arPublicSite, common: AR_COMMON }, 'public-site'),
};

function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

// A crash is rare: its screen (and the Button styles it brings) loads when needed.
const PublicSiteFallback = lazy(() =>
  import('@/features/public-site/components/public-site-fallback').then((m) => ({ default: m.PublicSiteFallback })),
);

class CrashBoundary extends Component<{ t: Translate; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PublicSiteFallback
          error={this.state.error}
          onTryAgain={() => window.location.reload()}
          t={this.props.t}
          location={window.location}
        />
      </Suspense>
    );
  }
}

function PublicSiteApp({ slug }: { slug: string }) {
  const [state, retry] = usePublicSitePage(slug);
  // index.html's loader already applied `?lang=` (and stored it) and the browser's language.
  const [chosen, setChosen] = useState<Language | null>(storedLanguage);
  const answer = state.status === 'ready' ? state.answer : null;
  const siteDefault = answer && !isRedirect(answer) ? answer.site.default_language : null;
  const initial = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'en';
  // SPEC §1 and issue 13: the visitor's choice, else the organisation's default language —
  // decided in the same render that first shows the site, so the page never flips afterwards.
  const language = chosen ?? (isLanguage(siteDefault) ? siteDefault : initial);

  const setLanguage = useCallback((next: Language) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage disabled: the switch still applies for this visit.
    }
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(window.history.state, '', url);
    setChosen(next);
  }, []);

  if (document.documentElement.lang !== language) applyDocumentLanguage(language);
  const i18n = useMemo<LeanI18n>(() => ({ language, t: TRANSLATORS[language], setLanguage }), [language, setLanguage]);
  return (
    <LeanI18nProvider value={i18n}>
      <CrashBoundary t={i18n.t}>
        <PublicSitePage state={state} onRetry={retry} />
      </CrashBoundary>
    </LeanI18nProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// index.html's prerendered landing is not this page's: drop it (lib/prerendered.ts).
claimRoot(root);
const slug = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
createRoot(root).render(
  <StrictMode>
    <PublicSiteApp slug={slug} />
  </StrictMode>,
);
