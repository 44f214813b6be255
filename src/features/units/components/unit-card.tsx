import { BedDouble, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useOrganizationSettings } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { UnitListItem } from '../api/get-units';
import { displayName } from '../lib/unit-form-values';
import { UnitActionsMenu, type UnitActionHandlers } from './unit-actions-menu';
import { UnitPhotoImage } from './unit-photo-image';
import { UnitLicenceFlag } from './unit-licence-flag';
import { UnitStatusBadge } from './unit-status-badge';

export function UnitCard({ unit, actions }: { unit: UnitListItem; actions: UnitActionHandlers }) {
  const { t } = useTranslation('units');
  const language = currentLanguage();
  const { currency } = useOrganizationSettings();
  const name = displayName(unit, language);
  const mainPhoto = unit.unit_photos[0]?.storage_path ?? null;
  return (
    <Card className="flex flex-col overflow-hidden p-0" data-testid="unit-card" aria-label={name} role="article">
      <UnitPhotoImage storagePath={mainPhoto} alt={name} className="aspect-[16/10] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => actions.onEdit(unit)}
              className="text-start font-semibold text-stone-900 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              {name}
            </button>
            <p className="text-sm text-stone-600">{t(`types.${unit.type}`)}</p>
          </div>
          <UnitActionsMenu unit={unit} name={name} actions={actions} />
        </div>
        <p className="flex items-center gap-1 text-sm text-stone-600">
          <MapPin aria-hidden="true" className="size-4" />
          {unit.address_city ?? t('list.no_city')}
        </p>
        <p className="flex flex-wrap gap-3 text-sm text-stone-600">
          <span className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {t('list.guests', { count: unit.max_guests })}
          </span>
          <span className="flex items-center gap-1">
            <BedDouble aria-hidden="true" className="size-4" />
            {t('list.bedrooms', { count: unit.bedrooms })}
          </span>
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="font-semibold text-stone-900">
            {t('list.per_night', { price: formatMoney(unit.price_per_night, currency, language) })}
          </span>
          <span className="flex flex-wrap justify-end gap-1">
            <UnitStatusBadge isActive={unit.is_active} />
            <UnitLicenceFlag unit={unit} />
          </span>
        </div>
      </div>
    </Card>
  );
}
