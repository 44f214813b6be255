import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import type { ReportOverview, SourceFigures } from '../api/get-report-overview';
import { byChannelSheet } from '../lib/reports-sheet';
import type { SortState } from '../lib/figures';
import type { ReportFormat } from '../lib/use-report-format';
import { ExportableFigures } from './exportable-figures';
import type { TextColumn } from './figures-table';

const FALLBACK_SORT: SortState = { column: 'revenue_booked', direction: 'desc' };

/** Every channel in the filter: a chart of revenue booked and the sortable table. */
export function ByChannelTab({
  report,
  format,
  sort,
  onSort,
}: {
  report: ReportOverview;
  format: ReportFormat;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const { t } = useTranslation('reports');
  const columns: TextColumn<SourceFigures>[] = [
    { key: 'source', header: t('by_channel.channel'), value: (row) => t(`sources.${row.source}`) },
  ];
  if (report.by_source.length === 0) return <EmptyState title={t('by_channel.empty')} data-testid="by-channel-empty" />;

  return (
    <div className="flex flex-col gap-4" data-testid="report-by-channel">
      <section className="rounded-xl border border-stone-200 bg-white p-4">
        <BarChart
          testId="by-channel-chart"
          title={t('by_channel.chart')}
          summary={t('by_channel.chart_summary', {
            from: format.day(report.period.from, 'long'),
            to: format.day(report.period.to, 'long'),
          })}
          series={[
            { key: 'booked', label: t('figures.revenue_booked'), fill: 'fill-primary-700', swatch: 'bg-primary-700' },
          ]}
          groups={report.by_source.map((row) => ({
            key: row.source,
            label: t(`sources.${row.source}`),
            values: { booked: row.revenue_booked },
          }))}
          formatValue={format.money}
          categoryLabel={t('by_channel.channel')}
        />
      </section>
      <ExportableFigures
        title={t('by_channel.title')}
        report={report}
        rows={report.by_source}
        rowKey={(row) => row.source}
        columns={columns}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={FALLBACK_SORT}
        sheet={byChannelSheet}
        exportName="by-channel"
        exportTestId="report-export-by-channel"
        testId="by-channel-table"
      />
    </div>
  );
}
