import { Bath, BedDouble, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatMoney, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import type { PublicUnit } from '../api/get-public-site';
import { localized } from '@/lib/localized';

/** A unit on /org/{slug}; its name and the call to action lead to the unit's own page (shareable). */
export function PublicUnitCard({ unit, language, slug }: { unit: PublicUnit; language: Language; slug: string }) {
  const { t } = useTranslation('public-site');
  const description = localized(language, unit.description, unit.description_ar);
  const place = [unit.address_city, unit.address_region].filter(Boolean).join('، ');
  const href = paths.publicUnit.getHref(slug, unit.id);
  return (
    <Card className="flex flex-col" data-testid="public-unit">
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
          {t(`unit_types.${unit.type}`, { defaultValue: unit.type })}
        </p>
        <CardTitle>
          <Link to={href} className="underline-offset-4 hover:underline">
            {localized(language, unit.name, unit.name_ar)}
          </Link>
        </CardTitle>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-4" />
            {place}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
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
        <Link
          to={href}
          aria-hidden="true"
          tabIndex={-1}
          className="rounded-md bg-primary-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-primary-800"
        >
          {t('view_unit')}
        </Link>
      </CardContent>
    </Card>
  );
}
