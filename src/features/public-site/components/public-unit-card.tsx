import { Bath, BedDouble, MapPin, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLeanI18n } from '@/lib/lean-i18n';
import { localized } from '@/lib/localized';
import { unitPhotoUrl } from '@/lib/unit-photos';
import type { PublicUnit } from '../api/get-public-site-page';

/**
 * A unit on /org/{slug}: its main photo, name, place and price; the name and the call to action
 * lead to the unit's own page (shareable). Plain class names, no `cn`: this card is part of the
 * page's first paint (issue 12). The first cards' photos load eagerly, the rest lazily. When the
 * photo has a small copy (640 px wide), a srcset lets a phone download that instead of the
 * original (issue 13); the original's width is not stored, so it is listed as its limit, 1600w.
 */
export function PublicUnitCard({ unit, slug, eager }: { unit: PublicUnit; slug: string; eager: boolean }) {
  const { t, language } = useLeanI18n();
  const small = unit.main_photo_small ? unitPhotoUrl(unit.main_photo_small) : null;
  const name = localized(language, unit.name, unit.name_ar);
  const description = localized(language, unit.description, unit.description_ar);
  const place = [unit.address_city, unit.address_region].filter(Boolean).join(language === 'ar' ? '، ' : ', ');
  const href = paths.publicUnit.getHref(slug, unit.id);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      data-testid="public-unit"
    >
      {unit.main_photo ? (
        <img
          src={small ?? unitPhotoUrl(unit.main_photo)}
          srcSet={small ? `${small} 640w, ${unitPhotoUrl(unit.main_photo)} 1600w` : undefined}
          sizes={small ? '(min-width: 640px) 600px, 100vw' : undefined}
          alt={t('unit.photo_alt', { number: 1, name })}
          width={600}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[3/2] w-full bg-stone-200 object-cover"
          data-testid="public-unit-photo"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-[3/2] w-full items-center justify-center bg-stone-100 text-sm text-stone-700"
        >
          {t('unit.no_photos')}
        </div>
      )}
      <div className="flex flex-col gap-1.5 p-5">
        <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
          {t(`unit_types.${unit.type}`, { defaultValue: unit.type })}
        </p>
        <h3 className="text-lg leading-tight font-semibold text-stone-900">
          <a href={href} className="underline-offset-4 hover:underline">
            {name}
          </a>
        </h3>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-4" />
            {place}
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5 pt-0">
        {description ? <p className="line-clamp-3 text-sm text-stone-700">{description}</p> : null}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          <li className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {t('guests', { count: unit.max_guests, formatted: formatNumber(unit.max_guests, language) })}
          </li>
          <li className="flex items-center gap-1">
            <BedDouble aria-hidden="true" className="size-4" />
            {t('bedrooms', { count: unit.bedrooms, formatted: formatNumber(unit.bedrooms, language) })}
          </li>
          <li className="flex items-center gap-1">
            <Bath aria-hidden="true" className="size-4" />
            {t('bathrooms', { count: unit.bathrooms, formatted: formatNumber(unit.bathrooms, language) })}
          </li>
        </ul>
        <p className="mt-auto text-lg font-semibold text-stone-900">
          {t('per_night', { price: formatMoney(Number(unit.price_per_night), 'SAR', language) })}
        </p>
        <a
          href={href}
          aria-hidden="true"
          tabIndex={-1}
          className="rounded-md bg-primary-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-primary-800"
        >
          {t('view_unit')}
        </a>
      </div>
    </article>
  );
}
