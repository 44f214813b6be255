import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { PublicSiteFallback, type PublicSiteFallbackProps } from './public-site-fallback';

/** The app's translator and location for the fallback (the unit page and the route's error element). */
export function AppPublicSiteFallback({ error, onTryAgain }: Pick<PublicSiteFallbackProps, 'error' | 'onTryAgain'>) {
  const { t } = useTranslation('common');
  const location = useLocation();
  return <PublicSiteFallback error={error} onTryAgain={onTryAgain} t={t} location={location} />;
}

/** The route's error element: render crashes of the public pages land here, not on the generic screen. */
export function PublicSiteRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AppPublicSiteFallback
      error={error}
      onTryAgain={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
    />
  );
}
