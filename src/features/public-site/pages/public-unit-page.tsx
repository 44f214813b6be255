import { ArrowLeft, Bath, BedDouble, CheckCircle2, Clock, MapPin, Ruler, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { useDocumentTitle } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { rangeProblem, type Selection } from '@/domain/public-booking';
import { formatDateTime, formatMoney, formatNumber, isCurrency, todayIn, DEFAULT_TIME_ZONE } from '@/lib/format';
import { getErrorMessage } from '@/lib/errors';
import { currentLanguage, type Language } from '@/lib/i18n';
import { unitPhotoUrl } from '@/lib/unit-photos';
import { localized } from '@/lib/localized';
import { usePublicQuote, usePublicUnit, type PublicUnitPageData, type RequestedBooking } from '../api/get-public-unit';
import { AvailabilityCalendar } from '../components/availability-calendar';
import { BookingRequestForm } from '../components/booking-request-form';
import { PublicNotFound } from '../components/public-not-found';
import { AppPublicSiteFallback } from '../components/public-site-route-error';

const money = (amount: number, language: Language, currency = 'SAR') =>
  formatMoney(amount, isCurrency(currency) ? currency : 'SAR', language);

/** `15:00:00` → `15:00` (times are the unit's local wall-clock times). */
const time = (value: string | null) => (value ? value.slice(0, 5) : '—');

function Photos({ data, language }: { data: PublicUnitPageData; language: Language }) {
  const { t } = useTranslation('public-site');
  const name = localized(language, data.unit.name, data.unit.name_ar);
  const [main, ...gallery] = data.photos;
  if (!main) {
    return (
      <div className="flex aspect-[3/2] items-center justify-center rounded-xl bg-stone-200 text-stone-600">
        {t('unit.no_photos')}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="unit-photos">
      <img
        src={unitPhotoUrl(main.storage_path)}
        alt={main.caption ?? t('unit.photo_alt', { number: 1, name })}
        width={1200}
        height={800}
        fetchPriority="high"
        className="aspect-[3/2] w-full rounded-xl bg-stone-200 object-cover"
      />
      {gallery.length > 0 ? (
        <div className="grid grid-cols-4 gap-2">
          {gallery.slice(0, 4).map((photo, index) => (
            <img
              key={photo.id}
              src={unitPhotoUrl(photo.small_path ?? photo.storage_path)}
              alt={photo.caption ?? t('unit.photo_alt', { number: index + 2, name })}
              width={300}
              height={200}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full rounded-lg bg-stone-200 object-cover"
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-4 text-stone-500" />
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900">{value}</dd>
    </div>
  );
}

function Requested({
  booking,
  language,
  onAnother,
}: {
  booking: RequestedBooking;
  language: Language;
  onAnother: () => void;
}) {
  const { t } = useTranslation('public-site');
  return (
    <section
      aria-labelledby="requested-title"
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5"
      data-testid="booking-requested"
      role="status"
    >
      <h2 id="requested-title" className="flex items-center gap-2 text-xl font-semibold text-emerald-900">
        <CheckCircle2 aria-hidden="true" className="size-6" />
        {t('success.title')}
      </h2>
      <p className="text-stone-800">
        {t('success.reference')}:{' '}
        <strong dir="ltr" className="font-mono text-lg" data-testid="booking-reference">
          {booking.booking_reference}
        </strong>
      </p>
      <p className="text-stone-800">{t('success.hold', { time: formatDateTime(booking.expires_at, language) })}</p>
      <h3 className="font-semibold text-stone-900">{t('success.next_title')}</h3>
      <ul className="list-disc ps-5 text-stone-800">
        <li>{t('success.next_review')}</li>
        <li>{t('success.next_message')}</li>
        <li>{t('success.next_expiry')}</li>
      </ul>
      <Button type="button" variant="outline" className="self-start" onClick={onAnother}>
        {t('success.another')}
      </Button>
    </section>
  );
}

function Quote({
  slug,
  unitId,
  selection,
  guests,
  language,
}: {
  slug: string;
  unitId: string;
  selection: Selection;
  guests: number;
  language: Language;
}) {
  const { t } = useTranslation('public-site');
  const ready = selection.checkIn && selection.checkOut;
  const quote = usePublicQuote(
    ready ? { slug, unitId, checkIn: selection.checkIn!, checkOut: selection.checkOut!, guests } : null,
  );
  if (!ready) return null;
  return (
    <section
      aria-labelledby="quote-title"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="quote"
    >
      <h2 id="quote-title" className="mb-2 text-lg font-semibold text-stone-900">
        {t('quote.title')}
      </h2>
      {quote.isPending ? (
        <Spinner label={t('quote.loading')} />
      ) : quote.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {getErrorMessage(quote.error, language)}
        </p>
      ) : (
        <>
          <dl className="flex flex-col gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt>
                {t('quote.nights_line', {
                  price: money(quote.data.price_per_night, language, quote.data.currency),
                  count: quote.data.nights,
                  formatted: formatNumber(quote.data.nights, language),
                })}
              </dt>
              <dd>{money(quote.data.subtotal, language, quote.data.currency)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{t('quote.cleaning_fee')}</dt>
              <dd>{money(quote.data.cleaning_fee, language, quote.data.currency)}</dd>
            </div>
            <div className="flex justify-between gap-2 border-t border-stone-200 pt-1 text-base font-semibold">
              <dt>{t('quote.total')}</dt>
              <dd data-testid="quote-total">{money(quote.data.total, language, quote.data.currency)}</dd>
            </div>
          </dl>
          {quote.data.available ? (
            <p className="mt-2 text-xs text-stone-600">{t('quote.note')}</p>
          ) : (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {t('calendar.problems.taken')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function UnitContent({ slug, data }: { slug: string; data: PublicUnitPageData }) {
  const { t } = useTranslation('public-site');
  const language = currentLanguage();
  const { site, unit } = data;
  const siteName = localized(language, site.name, site.name_ar);
  const name = localized(language, unit.name, unit.name_ar);
  const description = localized(language, unit.description, unit.description_ar);
  useDocumentTitle(`${name} · ${siteName}`);
  const today = todayIn(DEFAULT_TIME_ZONE);
  const rules = { today, maxNights: site.max_request_nights, horizonDays: site.request_horizon_days };
  const [selection, setSelection] = useState<Selection>({ checkIn: null, checkOut: null });
  const [guests, setGuests] = useState(Math.min(2, unit.max_guests));
  const [requested, setRequested] = useState<RequestedBooking | null>(null);
  // A stay chosen before the rules could change (e.g. another day) is checked again here.
  const stayProblem =
    selection.checkIn && selection.checkOut
      ? rangeProblem(selection.checkIn, selection.checkOut, { ...rules, taken: new Set() })
      : null;

  return (
    <div
      className="flex min-h-dvh flex-col bg-stone-50"
      style={{ '--site-color': site.theme_color } as React.CSSProperties}
    >
      <header className="border-t-4 border-[var(--site-color)] bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link
            reloadDocument
            to={paths.publicSite.getHref(site.slug)}
            className="flex min-w-0 flex-1 items-center gap-2 font-semibold text-stone-900 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
            <span className="truncate">{t('unit.back', { name: siteName })}</span>
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="unit-title" className="flex flex-col gap-3">
            <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
              {t(`unit_types.${unit.type}`, { defaultValue: unit.type })}
            </p>
            <h1 id="unit-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {name}
            </h1>
            {unit.address_city ? (
              <p className="flex items-center gap-1 text-stone-700">
                <MapPin aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('unit.city')}: </span>
                {[unit.address_city, unit.address_region].filter(Boolean).join('، ')}
              </p>
            ) : null}
            {unit.tourism_licence_number ? (
              <p className="flex items-center gap-1 text-sm text-stone-700" data-testid="unit-licence">
                <ShieldCheck aria-hidden="true" className="size-4 text-emerald-700" />
                {t('unit.licence_number')}{' '}
                <span dir="ltr" className="font-medium">
                  {unit.tourism_licence_number}
                </span>
              </p>
            ) : null}
            <Photos data={data} language={language} />
            {description ? <p className="text-stone-700">{description}</p> : null}
          </section>
          <section aria-labelledby="details-title">
            <h2 id="details-title" className="mb-3 text-lg font-semibold text-stone-900">
              {t('unit.details_title')}
            </h2>
            <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="unit-facts">
              <Fact
                icon={Users}
                label={t('unit.capacity')}
                value={t('guests', { count: unit.max_guests, formatted: formatNumber(unit.max_guests, language) })}
              />
              <Fact
                icon={BedDouble}
                label={t('unit.details_title')}
                value={t('bedrooms', { count: unit.bedrooms, formatted: formatNumber(unit.bedrooms, language) })}
              />
              <Fact
                icon={Bath}
                label={t('unit.details_title')}
                value={t('bathrooms', { count: unit.bathrooms, formatted: formatNumber(unit.bathrooms, language) })}
              />
              {unit.area_sqm ? (
                <Fact
                  icon={Ruler}
                  label={t('unit.area')}
                  value={t('unit.area_value', { area: formatNumber(Number(unit.area_sqm), language) })}
                />
              ) : null}
              <Fact icon={Clock} label={t('unit.check_in_time')} value={time(unit.check_in_time)} />
              <Fact icon={Clock} label={t('unit.check_out_time')} value={time(unit.check_out_time)} />
            </dl>
          </section>
          {unit.amenities.length > 0 ? (
            <section aria-labelledby="amenities-title">
              <h2 id="amenities-title" className="mb-3 text-lg font-semibold text-stone-900">
                {t('unit.amenities_title')}
              </h2>
              <ul className="flex flex-wrap gap-2 text-sm" data-testid="unit-amenities">
                {unit.amenities.map((amenity) => (
                  <li key={amenity} className="rounded-full bg-white px-3 py-1 text-stone-800 ring-1 ring-stone-200">
                    {t(`amenities.${amenity}`, { defaultValue: amenity })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="prices-title">
            <h2 id="prices-title" className="mb-3 text-lg font-semibold text-stone-900">
              {t('unit.prices_title')}
            </h2>
            <dl className="flex flex-col gap-1 text-sm" data-testid="unit-prices">
              <div className="flex justify-between gap-2">
                <dt className="text-stone-600">{t('unit.price_per_night')}</dt>
                <dd className="font-semibold text-stone-900">{money(Number(unit.price_per_night), language)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-stone-600">{t('unit.cleaning_fee')}</dt>
                <dd className="text-stone-900">{money(Number(unit.cleaning_fee), language)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-stone-600">{t('unit.security_deposit')}</dt>
                <dd className="text-stone-900">{money(Number(unit.security_deposit), language)}</dd>
              </div>
            </dl>
          </section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {requested ? (
            <Requested
              booking={requested}
              language={language}
              onAnother={() => {
                setRequested(null);
                setSelection({ checkIn: null, checkOut: null });
              }}
            />
          ) : (
            <>
              <section aria-labelledby="calendar-title">
                <h2 id="calendar-title" className="mb-3 text-lg font-semibold text-stone-900">
                  {t('calendar.title')}
                </h2>
                <AvailabilityCalendar
                  unitId={unit.id}
                  language={language}
                  rules={rules}
                  selection={selection}
                  onSelect={setSelection}
                />
              </section>
              {stayProblem ? null : (
                <Quote slug={slug} unitId={unit.id} selection={selection} guests={guests} language={language} />
              )}
              <section aria-labelledby="request-title">
                <h2 id="request-title" className="mb-3 text-lg font-semibold text-stone-900">
                  {t('form.title')}
                </h2>
                <BookingRequestForm
                  slug={site.slug}
                  unitId={unit.id}
                  maxGuests={unit.max_guests}
                  language={language}
                  checkIn={selection.checkIn}
                  checkOut={selection.checkOut}
                  guests={guests}
                  onGuestsChange={setGuests}
                  onRequested={setRequested}
                />
              </section>
            </>
          )}
        </div>
      </main>
    </div>
  );
}

function UnitUnavailable({ slug }: { slug: string }) {
  const { t } = useTranslation('public-site');
  return (
    <PublicNotFound
      title={t('unit.not_found_title')}
      description={t('unit.not_found_description')}
      homeHref={paths.publicSite.getHref(slug)}
      testId="public-unit-unavailable"
      t={t}
      languageSwitch={<LanguageSwitch />}
    />
  );
}

/** `/org/{slug}/units/{unitId}`: one unit of an organisation's public page, with its calendar and request form. */
export function PublicUnitPage() {
  const { t } = useTranslation('public-site');
  const { slug = '', unitId = '' } = useParams();
  const page = usePublicUnit(slug, unitId);
  if (page.isPending) return <Spinner label={t('common:loading')} className="m-auto min-h-dvh w-full justify-center" />;
  if (page.isError) return <AppPublicSiteFallback error={page.error} onTryAgain={() => void page.refetch()} />;
  if (!page.data) return <UnitUnavailable slug={slug} />;
  return <UnitContent slug={page.data.site.slug} data={page.data} />;
}
