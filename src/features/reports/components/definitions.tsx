import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';

const ITEMS = [
  'nights',
  'available',
  'cancelled',
  'blocked',
  'revenue',
  'money',
  'vat',
  'bookings',
  'time_zone',
  'comparison',
] as const;

/**
 * How every figure is counted (contract §1), in the reader's language: a disclosure under the
 * overview, open on the printed statement. The database computes the same way (report_overview).
 */
export function Definitions({ open = false }: { open?: boolean }) {
  const { t } = useTranslation('reports');
  const { timeZone } = useOrganizationSettings();
  return (
    <details
      className="group rounded-xl border border-stone-200 bg-white p-4"
      open={open}
      data-testid="report-definitions"
    >
      <summary className="cursor-pointer text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600">
        {t('definitions.title')}
      </summary>
      <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-sm text-stone-700">
        {ITEMS.map((item) => (
          <li key={item}>{t(`definitions.${item}`, { timeZone })}</li>
        ))}
      </ul>
    </details>
  );
}
