import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DualDate } from '@/components/dual-date';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { DashboardOverview } from '../api/get-dashboard-overview';

type LicenceAttentionUnit = NonNullable<DashboardOverview['licences']>[number];

function daysUntil(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

function Flag({ unit, today }: { unit: LicenceAttentionUnit; today: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  const expires = unit.expires_on;
  if (!unit.number || !expires) {
    return (
      <Badge variant="neutral" data-testid="licence-flag" data-status="missing">
        {t('licences.missing')}
      </Badge>
    );
  }
  const days = daysUntil(today, expires);
  return days < 0 ? (
    <Badge variant="danger" data-testid="licence-flag" data-status="expired">
      {t('licences.expired', { count: -days, days: formatNumber(-days, language) })}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="licence-flag" data-status="expiring">
      {t('licences.expiring', { count: days, days: formatNumber(days, language) })}
    </Badge>
  );
}

/**
 * "Licences needing attention" (issue 17): active units without a valid Ministry of Tourism licence
 * or with one expiring within 30 days (dashboard_overview's `licences`, on its `today`), each
 * linking to its licence tab. Nothing when all is well (or the member cannot read units).
 */
export function LicenceAttention({ units, today }: { units: LicenceAttentionUnit[]; today: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  if (units.length === 0) return null;
  return (
    <Card data-testid="licence-attention">
      <CardHeader className="flex-row items-center gap-2">
        <ShieldAlert aria-hidden className="size-5 text-amber-700" />
        <CardTitle level={2}>{t('licences.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm text-stone-600">{t('licences.description')}</p>
        <ul className="divide-y divide-stone-100">
          {units.map((unit) => (
            <li key={unit.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div className="min-w-0">
                <Link
                  to={`${paths.dashboard.section('units')}?unit=${encodeURIComponent(unit.id)}&tab=licence`}
                  className="font-medium text-primary-700 hover:underline"
                  dir="auto"
                >
                  {localized(language, unit.name, unit.name_ar)}
                </Link>
                {unit.expires_on ? (
                  <p className="text-stone-600">
                    {t('licences.expires_on')} <DualDate value={unit.expires_on} />
                  </p>
                ) : null}
              </div>
              <Flag unit={unit} today={today} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
