import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { NotFoundPage } from '@/features/not-found/pages/not-found-page';
import { usePublicSiteSlug } from '@/features/public-site/api/resolve-slug';

/**
 * `/{slug}`: short links to a public booking page. A known organisation slug redirects to
 * `/org/{slug}`; anything else is the not-found page (so `/typo` still says "Page not found").
 */
export function SlugRedirect() {
  const { t } = useTranslation('common');
  const { slug = '' } = useParams();
  const resolved = usePublicSiteSlug(slug);
  if (resolved.isPending) return <Spinner label={t('loading')} className="m-auto py-12" />;
  // A failed lookup is not "no such page": let the crash screen offer Try Again.
  if (resolved.isError) throw resolved.error;
  if (resolved.data) return <Navigate to={paths.publicSite.getHref(resolved.data)} replace />;
  return <NotFoundPage />;
}
