import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { useDocumentTitle } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { usePublicSite, type PublicSitePageData } from '../api/get-public-site';
import { usePublicSiteSlug } from '../api/resolve-slug';
import { PublicReviewCard } from '../components/public-review-card';
import { PublicNotFound } from '../components/public-not-found';
import { PublicSiteFallback } from '../components/public-site-fallback';
import { PublicUnitCard } from '../components/public-unit-card';
import { localized } from '@/lib/localized';

function SiteContent({ data }: { data: PublicSitePageData }) {
  const { t } = useTranslation('public-site');
  const language = currentLanguage();
  const { site, units, reviews } = data;
  const name = localized(language, site.name, site.name_ar);
  const description = localized(language, site.description, site.description_ar);
  const about = localized(language, site.about, site.about_ar);
  useDocumentTitle(name);
  return (
    <div
      className="flex min-h-dvh flex-col bg-stone-50"
      style={{ '--site-color': site.theme_color } as React.CSSProperties}
    >
      <header className="border-t-4 border-[var(--site-color)] bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          {site.logo_url ? (
            <img
              src={site.logo_url}
              alt=""
              width={40}
              height={40}
              className="size-10 rounded-lg object-cover"
              data-testid="public-site-logo"
            />
          ) : null}
          <p className="min-w-0 flex-1 truncate text-lg font-bold text-stone-900">{name}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-10 px-4 py-8 sm:px-6">
        <section aria-labelledby="site-title">
          <h1 id="site-title" className="text-3xl font-bold text-stone-900">
            {name}
          </h1>
          {description ? <p className="mt-2 max-w-3xl text-lg text-stone-700">{description}</p> : null}
        </section>
        <section aria-labelledby="units-title">
          <h2 id="units-title" className="mb-4 text-xl font-semibold text-stone-900">
            {t('units_title')}
          </h2>
          {units.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {units.map((unit) => (
                <PublicUnitCard key={unit.id} unit={unit} language={language} slug={site.slug} />
              ))}
            </div>
          ) : (
            <EmptyState title={t('no_units')} />
          )}
        </section>
        {about ? (
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="mb-2 text-xl font-semibold text-stone-900">
              {t('about_title')}
            </h2>
            <p className="max-w-3xl whitespace-pre-line text-stone-700">{about}</p>
          </section>
        ) : null}
        <section aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="mb-4 text-xl font-semibold text-stone-900">
            {t('reviews_title')}
          </h2>
          {reviews.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {reviews.map((review) => (
                <PublicReviewCard key={review.id} review={review} language={language} />
              ))}
            </div>
          ) : (
            <p className="text-stone-600">{t('no_reviews')}</p>
          )}
        </section>
        {site.contact_email || site.phone || site.address ? (
          <section aria-labelledby="contact-title">
            <h2 id="contact-title" className="mb-3 text-xl font-semibold text-stone-900">
              {t('contact_title')}
            </h2>
            <ul className="flex flex-col gap-2 text-stone-800">
              {site.phone ? (
                <li className="flex items-center gap-2">
                  <Phone aria-hidden="true" className="size-4" />
                  <a href={`tel:${site.phone}`} dir="ltr" className="underline-offset-4 hover:underline">
                    {site.phone}
                  </a>
                </li>
              ) : null}
              {site.contact_email ? (
                <li className="flex items-center gap-2">
                  <Mail aria-hidden="true" className="size-4" />
                  <a href={`mailto:${site.contact_email}`} dir="ltr" className="underline-offset-4 hover:underline">
                    {site.contact_email}
                  </a>
                </li>
              ) : null}
              {site.address ? (
                <li className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="size-4" />
                  {site.address}
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </main>
      <footer className="border-t border-stone-200 bg-white py-4 text-center text-sm text-stone-600">
        {t('powered_by')}{' '}
        <Link to={paths.home.getHref()} className="font-semibold text-primary-700 hover:underline">
          {t('common:app_name')}
        </Link>
      </footer>
    </div>
  );
}

function SiteUnavailable() {
  const { t } = useTranslation('public-site');
  return (
    <PublicNotFound
      title={t('unavailable_title')}
      description={t('unavailable_description')}
      homeHref={paths.home.getHref()}
      testId="public-site-unavailable"
    />
  );
}

/** `/org/{slug}`: an organisation's public booking page, open to visitors (SPEC §2, §6). */
export function PublicSitePage() {
  const { t } = useTranslation('public-site');
  const { slug = '' } = useParams();
  const site = usePublicSite(slug);
  if (site.isPending) return <Spinner label={t('common:loading')} className="m-auto min-h-dvh w-full justify-center" />;
  if (site.isError) return <PublicSiteFallback error={site.error} onTryAgain={() => void site.refetch()} />;
  if (!site.data) return <SiteMovedOrUnavailable slug={slug} />;
  return <SiteContent data={site.data} />;
}

/**
 * No enabled site has this slug: if it is one a site used before, go to the site's current
 * address (a changed slug keeps its old links working); otherwise "not available".
 */
function SiteMovedOrUnavailable({ slug }: { slug: string }) {
  const { t } = useTranslation('public-site');
  const resolved = usePublicSiteSlug(slug);
  if (resolved.isPending)
    return <Spinner label={t('common:loading')} className="m-auto min-h-dvh w-full justify-center" />;
  if (resolved.isError) return <PublicSiteFallback error={resolved.error} onTryAgain={() => void resolved.refetch()} />;
  if (resolved.data && resolved.data !== slug.toLowerCase()) {
    return <Navigate to={paths.publicSite.getHref(resolved.data)} replace />;
  }
  return <SiteUnavailable />;
}
