import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useFinanceSummary, type FinanceSummary } from '../api/get-finance-summary';
import { monthLabel } from '@/components/charts/chart-scale';
import { REPORTS_URL } from '../lib/payments-url';
import { REPORT_PRESETS } from '../lib/periods';
import { useFinanceFormat } from '../lib/use-finance-format';
import { usePeriod } from '../lib/use-period';
import { AgingReport } from './aging-report';
import { BarChart } from '@/components/charts/bar-chart';
import { FinanceCards } from './finance-cards';
import { MethodsReport } from './methods-report';
import { PeriodPicker } from './period-picker';
import { SectionError } from './section-error';
import { cn } from '@/lib/cn';

function InvoicedVsCollected({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const invoiced = summary.invoiced;
  const collected = summary.collected;
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4">
      <BarChart
        testId="invoiced-collected-chart"
        title={t('reports.chart.title')}
        summary={t('reports.chart.summary', {
          invoiced: invoiced === null ? t('reports.hidden_for_role') : format.sar(invoiced),
          collected: collected === null ? t('reports.hidden_for_role') : format.sar(collected),
        })}
        series={[
          ...(invoiced === null
            ? []
            : [
                {
                  key: 'invoiced',
                  label: t('reports.cards.invoiced'),
                  fill: 'fill-primary-700',
                  swatch: 'bg-primary-700',
                },
              ]),
          ...(collected === null
            ? []
            : [
                {
                  key: 'collected',
                  label: t('reports.cards.collected'),
                  fill: 'fill-amber-600',
                  swatch: 'bg-amber-600',
                },
              ]),
        ]}
        groups={summary.by_month.map((month) => ({
          key: month.month,
          label: monthLabel(month.month, format.language),
          values: { invoiced: month.invoiced, collected: month.collected },
        }))}
        formatValue={format.sar}
      />
    </section>
  );
}

/**
 * Financial reports (`?section=reports`) for a period in the organisation's time zone:
 * invoiced vs collected (chart and table), outstanding and overdue, receivables aging with
 * drill-down into the invoices, and collections by method, all in SAR.
 */
export function ReportsSection() {
  const { t } = useTranslation('payments');
  const period = usePeriod(REPORTS_URL);
  const summary = useFinanceSummary(period.range);
  const data = summary.data;

  return (
    <section aria-labelledby="reports-heading" data-testid="reports-section">
      <h2 id="reports-heading" className="mb-4 text-lg font-semibold text-stone-900">
        {t('reports.title')}
      </h2>
      <PeriodPicker presets={REPORT_PRESETS} state={period} testId="reports-period" />
      {period.range && summary.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {summary.isError ? (
        <SectionError title={t('reports.error')} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : null}
      {data && period.range ? (
        <div
          className={cn('flex flex-col gap-4 transition-opacity', summary.isPlaceholderData && 'opacity-50')}
          aria-busy={summary.isFetching}
          data-stale={summary.isPlaceholderData || undefined}
        >
          <FinanceCards summary={data} />
          <InvoicedVsCollected summary={data} />
          {/* One column of minmax(0, 1fr) on phones: an auto column would grow to the aging table's
              full width and push the page sideways instead of letting the table scroll. */}
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {data.aging ? <AgingReport aging={data.aging} /> : null}
            {data.by_method ? <MethodsReport byMethod={data.by_method} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
