import { Banknote, Building2, CalendarCheck, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { DashboardOverview } from '../api/get-dashboard-overview';

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail: ReactNode;
  testId: string;
}) {
  return (
    <Card className="flex gap-4 p-5" data-testid={testId}>
      <span className="hidden size-11 shrink-0 2xl:flex items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-stone-600">{label}</p>
        <p
          className="text-xl font-bold tabular-nums text-stone-900 sm:text-2xl xl:text-xl 2xl:text-2xl"
          data-testid={`${testId}-value`}
        >
          {value}
        </p>
        <div className="text-sm text-stone-600">{detail}</div>
      </div>
    </Card>
  );
}

/** Total units, active clients, today's arrivals and departures, this month's revenue. */
export function StatCards({ overview }: { overview: DashboardOverview }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const n = (value: number) => formatNumber(value, language);
  const { revenue, bookings_today: today } = overview;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        icon={Building2}
        testId="stat-units"
        label={t('stats.total_units')}
        value={n(overview.total_units)}
        detail={t('stats.active_units', { count: overview.active_units, value: n(overview.active_units) })}
      />
      <StatCard
        icon={Users}
        testId="stat-clients"
        label={t('stats.active_clients')}
        value={n(overview.active_clients)}
        detail={t('stats.total_clients', { count: overview.total_clients, value: n(overview.total_clients) })}
      />
      <StatCard
        icon={CalendarCheck}
        testId="stat-today"
        label={t('stats.bookings_today')}
        value={n(today.arrivals + today.departures)}
        detail={
          <>
            <span data-testid="stat-arrivals">{t('stats.arrivals', { value: n(today.arrivals) })}</span>
            {' · '}
            <span data-testid="stat-departures">{t('stats.departures', { value: n(today.departures) })}</span>
          </>
        }
      />
      <StatCard
        icon={Banknote}
        testId="stat-revenue"
        label={t('stats.revenue')}
        value={revenue ? formatMoney(revenue.this_month, overview.currency, language) : '—'}
        detail={
          revenue
            ? t('stats.previous_month', { amount: formatMoney(revenue.previous_month, overview.currency, language) })
            : t('stats.revenue_hidden')
        }
      />
    </div>
  );
}
