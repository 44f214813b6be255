import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { UnitListItem } from '../api/get-units';
import { displayName } from '../lib/unit-form-values';
import { UnitActionsMenu, type UnitActionHandlers } from './unit-actions-menu';
import { UnitLicenceFlag } from './unit-licence-flag';
import { UnitStatusBadge } from './unit-status-badge';

export function UnitsTable({ units, actions }: { units: UnitListItem[]; actions: UnitActionHandlers }) {
  const { t } = useTranslation('units');
  const language = currentLanguage();
  const { currency } = useOrganizationSettings();
  const head = 'px-3 py-2 text-start text-xs font-semibold text-stone-600';
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-sm" data-testid="units-table">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={head}>
              {t('table.name')}
            </th>
            <th scope="col" className={head}>
              {t('table.type')}
            </th>
            <th scope="col" className={head}>
              {t('table.city')}
            </th>
            <th scope="col" className={head}>
              {t('table.price')}
            </th>
            <th scope="col" className={head}>
              {t('table.guests')}
            </th>
            <th scope="col" className={head}>
              {t('table.status')}
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {units.map((unit) => {
            const name = displayName(unit, language);
            return (
              <tr key={unit.id} className="border-t border-stone-100">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  <button
                    type="button"
                    onClick={() => actions.onEdit(unit)}
                    className="text-start hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
                  >
                    {name}
                  </button>
                </th>
                <td className="px-3 py-2">{t(`types.${unit.type}`)}</td>
                <td className="px-3 py-2">{unit.address_city ?? '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatMoney(unit.price_per_night, currency, language)}</td>
                <td className="px-3 py-2">{formatNumber(unit.max_guests, language)}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1">
                    <UnitStatusBadge isActive={unit.is_active} />
                    <UnitLicenceFlag unit={unit} />
                  </span>
                </td>
                <td className="px-3 py-2 text-end">
                  <UnitActionsMenu unit={unit} name={name} actions={actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
