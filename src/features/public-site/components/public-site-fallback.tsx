import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { createErrorId } from '@/lib/error-id';
import { isDebugMode } from '@/lib/environment';
import { reportError } from '@/lib/report-error';
import type { Translate } from '@/lib/translate';

export interface PublicSiteFallbackProps {
  error: unknown;
  onTryAgain: () => void;
  /** `common` texts: the app's i18next `t`, or the lean page's translator (lib/translate.ts). */
  t: Translate;
  location: { pathname: string; search: string; hash: string };
}

/**
 * SPEC §2: the public booking page's own fallback — the message, the path, Try Again, and
 * Open with Debug (a reload with `?debug=1`, which then shows the technical details here).
 * It takes its translator and location as props, so the lean `/org/<slug>` entry (no router,
 * no i18next) and the app's unit page show the same screen.
 */
export function PublicSiteFallback({ error, onTryAgain, t, location }: PublicSiteFallbackProps) {
  const debug = isDebugMode(location.search);
  const [errorId] = useState(createErrorId);
  useEffect(() => {
    reportError(error, `Public site failed at ${location.pathname}`, errorId);
  }, [error, errorId, location.pathname]);

  const handleOpenWithDebug = () => {
    const params = new URLSearchParams(location.search);
    params.set('debug', '1');
    window.location.assign(`${location.pathname}?${params.toString()}${location.hash}`);
  };

  const details =
    error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : JSON.stringify(error, null, 2);
  const cause = error instanceof Error && error.cause ? JSON.stringify(error.cause, null, 2) : null;

  return (
    <main
      role="alert"
      data-testid="public-site-fallback"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-6 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <CloudOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold text-stone-900">{t('common:public_site_error.title')}</h1>
      <p className="text-stone-600">{t('common:public_site_error.description')}</p>
      <p
        className="rounded bg-stone-200 px-2 py-1 font-mono text-sm text-stone-800"
        dir="ltr"
        data-testid="public-site-path"
      >
        {location.pathname}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onTryAgain}>{t('common:actions.try_again')}</Button>
        {debug ? null : (
          <Button variant="outline" onClick={handleOpenWithDebug}>
            {t('common:actions.open_with_debug')}
          </Button>
        )}
      </div>
      {debug ? (
        <details open className="w-full max-w-2xl text-start" data-testid="technical-details">
          <summary className="cursor-pointer text-sm font-medium text-stone-700">{t('common:crash.details')}</summary>
          <pre
            dir="ltr"
            className="mt-2 max-h-96 overflow-auto rounded-md bg-stone-900 p-3 text-start text-xs text-stone-100"
          >
            {`${t('common:crash.error_id', { id: errorId })}\n${details}${cause ? `\n\ncause: ${cause}` : ''}`}
          </pre>
        </details>
      ) : null}
    </main>
  );
}
