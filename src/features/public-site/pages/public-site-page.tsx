import { Mail, MapPin, MessageCircle, Phone, Star } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useLeanI18n } from '@/lib/lean-i18n';
import { localized } from '@/lib/localized';
import { isRedirect, type PublicSitePageData } from '../api/get-public-site-page';
import type { PublicSitePageState } from '../api/use-public-site-page';
import { PublicReviewCard } from '../components/public-review-card';
import { PublicUnitCard } from '../components/public-unit-card';
import { SiteLanguageSwitch } from '../components/site-language-switch';

// Screens a visitor rarely meets load on demand: the page's first paint carries only the page.
const PublicNotFound = lazy(() =>
  import('../components/public-not-found').then((m) => ({ default: m.PublicNotFound })),
);
const PublicSiteFallback = lazy(() =>
  import('../components/public-site-fallback').then((m) => ({ default: m.PublicSiteFallback })),
);

/** How many unit photos load at once: the first row on a phone and on a desktop. */
const EAGER_PHOTOS = 3;

/** `+966 50 123 4567` → `966501234567`, the form wa.me wants. */
function whatsAppNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 ? digits : null;
}

/**
 * Until the data names the site's language, the page's language is a guess (the browser's): the
 * word "Loading" is for screen readers only, in the system font, so that the guess neither shows
 * nor downloads the faces of a language the page may not use (issue 12).
 */
function Loading() {
  const { t } = useLeanI18n();
  return (
    <div role="status" className="m-auto flex min-h-dvh w-full items-center justify-center text-stone-600">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-stone-300 border-t-primary-700"
      />
      <span className="sr-only [font-family:system-ui,sans-serif]">{t('common:loading')}</span>
    </div>
  );
}

function AverageRating({ rating }: { rating: PublicSitePageData['rating'] }) {
  const { t, language } = useLeanI18n();
  if (rating.average === null || rating.count === 0) return null;
  const average = formatNumber(Number(rating.average), language, { maximumFractionDigits: 1 });
  return (
    <p className="mt-3 flex items-center gap-1.5 text-stone-800" data-testid="public-site-rating">
      <Star aria-hidden="true" className="size-5 fill-current text-amber-500" />
      <span className="font-semibold">{average}</span>
      <span className="text-stone-600">
        {t('average_rating', { count: rating.count, formatted: formatNumber(rating.count, language) })}
      </span>
    </p>
  );
}

function Contact({ site }: { site: PublicSitePageData['site'] }) {
  const { t } = useLeanI18n();
  if (!site.contact_email && !site.phone && !site.address) return null;
  const whatsApp = site.phone ? whatsAppNumber(site.phone) : null;
  const link = 'underline-offset-4 hover:underline';
  return (
    <section aria-labelledby="contact-title">
      <h2 id="contact-title" className="mb-3 text-xl font-semibold text-stone-900">
        {t('contact_title')}
      </h2>
      <ul className="flex flex-col gap-2 text-stone-800">
        {site.phone ? (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4" />
            <a href={`tel:${site.phone}`} dir="ltr" className={link} aria-label={t('call', { phone: site.phone })}>
              {site.phone}
            </a>
          </li>
        ) : null}
        {whatsApp ? (
          <li className="flex items-center gap-2">
            <MessageCircle aria-hidden="true" className="size-4" />
            <a href={`https://wa.me/${whatsApp}`} target="_blank" rel="noopener noreferrer" className={link}>
              {t('whatsapp')}
            </a>
          </li>
        ) : null}
        {site.contact_email ? (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4" />
            <a href={`mailto:${site.contact_email}`} dir="ltr" className={link}>
              {site.contact_email}
            </a>
          </li>
        ) : null}
        {site.address ? (
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4" />
            <span>
              {site.address}{' '}
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.address)}`}
                target="_blank"
                rel="noopener noreferrer"
                className={`${link} font-medium text-primary-700`}
              >
                {t('open_map')}
              </a>
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function SiteContent({ data }: { data: PublicSitePageData }) {
  const { t, language } = useLeanI18n();
  const { site, units, reviews } = data;
  const name = localized(language, site.name, site.name_ar);
  const description = localized(language, site.description, site.description_ar);
  const about = localized(language, site.about, site.about_ar);
  useEffect(() => {
    // Title, description, canonical, hreflang, Open Graph and LodgingBusiness data (src/lib/seo),
    // loaded once the page is on screen (the task after the next frame): crawlers that run scripts
    // wait for it, guests do not, and it does not share the line with what the page paints.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void import('@/lib/seo').then(({ applyHead, publicSiteHead }) => {
          if (cancelled) return;
          applyHead(
            publicSiteHead({
              site,
              language,
              origin: window.location.origin,
              averageRating: data.rating.average,
              reviewCount: data.rating.count,
            }),
          );
        });
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [site, language, data.rating]);
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
          <SiteLanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-10 px-4 py-8 sm:px-6">
        <section aria-labelledby="site-title">
          <h1 id="site-title" className="text-3xl font-bold text-stone-900">
            {name}
          </h1>
          {description ? <p className="mt-2 max-w-3xl text-lg text-stone-700">{description}</p> : null}
          <AverageRating rating={data.rating} />
        </section>
        <section aria-labelledby="units-title">
          <h2 id="units-title" className="mb-4 text-xl font-semibold text-stone-900">
            {t('units_title')}
          </h2>
          {units.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {units.map((unit, index) => (
                <PublicUnitCard key={unit.id} unit={unit} slug={site.slug} eager={index < EAGER_PHOTOS} />
              ))}
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-700">
              {t('no_units')}
            </p>
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
                <PublicReviewCard key={review.id} review={review} />
              ))}
            </div>
          ) : (
            <p className="text-stone-600">{t('no_reviews')}</p>
          )}
        </section>
        <Contact site={site} />
      </main>
      <footer className="border-t border-stone-200 bg-white py-4 text-center text-sm text-stone-600">
        {t('powered_by')}{' '}
        <a href={paths.home.getHref()} className="font-semibold text-primary-700 hover:underline">
          {t('common:app_name')}
        </a>
      </footer>
    </div>
  );
}

export interface PublicSitePageProps {
  /** The page's one request (usePublicSitePage), made by the entry, which also picks the language. */
  state: PublicSitePageState;
  onRetry: () => void;
}

/**
 * `/org/{slug}`: an organisation's public booking page, open to visitors (SPEC §2, §6). Rendered
 * by its own lean entry (src/public-site-entry.tsx, issue 12): one request, no router, no i18next.
 * An old slug moves to the site's current address; a disabled or unknown site is "not available".
 */
export function PublicSitePage({ state, onRetry }: PublicSitePageProps) {
  const { t, language } = useLeanI18n();
  const answer = state.status === 'ready' ? state.answer : undefined;
  const redirectTo = answer && isRedirect(answer) ? answer.redirect : null;

  useEffect(() => {
    if (redirectTo) window.location.replace(`${paths.publicSite.getHref(redirectTo)}${window.location.search}`);
  }, [redirectTo]);
  const unavailable = state.status === 'ready' && answer === null;
  useEffect(() => {
    // A missing or disabled site must not be indexed under index.html's landing tags.
    if (unavailable) void import('@/lib/seo').then(({ applyHead, notFoundHead }) => applyHead(notFoundHead(language)));
  }, [unavailable, language]);

  if (state.status === 'loading' || redirectTo) return <Loading />;
  if (state.status === 'error') {
    return (
      <Suspense fallback={<Loading />}>
        <PublicSiteFallback error={state.error} onTryAgain={onRetry} t={t} location={window.location} />
      </Suspense>
    );
  }
  if (!answer || isRedirect(answer)) {
    return (
      <Suspense fallback={<Loading />}>
        <PublicNotFound
          title={t('unavailable_title')}
          description={t('unavailable_description')}
          homeHref={paths.home.getHref()}
          testId="public-site-unavailable"
          t={t}
          languageSwitch={<SiteLanguageSwitch />}
        />
      </Suspense>
    );
  }
  return <SiteContent data={answer} />;
}
