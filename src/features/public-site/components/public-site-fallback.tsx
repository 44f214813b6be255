import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { createErrorId } from '@/lib/error-id';
import { reportError } from '@/lib/error-reporting';
import { isDebugMode } from '@/lib/environment';

export interface PublicSiteFallbackProps {
  error: unknown;
  onTryAgain: () => void;
}

/**
 * SPEC §2: the public booking page's own fallback — the message, the path, Try Again, and
 * Open with Debug (a reload with `?debug=1`, which then shows the technical details here).
 */
export function PublicSiteFallback({ error, onTryAgain }: PublicSiteFallbackProps) {
  const { t } = useTranslation('common');
  const location = useLocation();
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
      <h1 className="text-2xl font-semibold text-stone-900">{t('public_site_error.title')}</h1>
      <p className="text-stone-600">{t('public_site_error.description')}</p>
      <p
        className="rounded bg-stone-200 px-2 py-1 font-mono text-sm text-stone-800"
        dir="ltr"
        data-testid="public-site-path"
      >
        {location.pathname}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onTryAgain}>{t('actions.try_again')}</Button>
        {debug ? null : (
          <Button variant="outline" onClick={handleOpenWithDebug}>
            {t('actions.open_with_debug')}
          </Button>
        )}
      </div>
      {debug ? (
        <details open className="w-full max-w-2xl text-start" data-testid="technical-details">
          <summary className="cursor-pointer text-sm font-medium text-stone-700">{t('crash.details')}</summary>
          <pre
            dir="ltr"
            className="mt-2 max-h-96 overflow-auto rounded-md bg-stone-900 p-3 text-start text-xs text-stone-100"
          >
            {`${t('crash.error_id', { id: errorId })}\n${details}${cause ? `\n\ncause: ${cause}` : ''}`}
          </pre>
        </details>
      ) : null}
    </main>
  );
}

/** The route's error element: render crashes of /org/{slug} land here, not on the generic screen. */
export function PublicSiteRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <PublicSiteFallback
      error={error}
      onTryAgain={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
    />
  );
}
