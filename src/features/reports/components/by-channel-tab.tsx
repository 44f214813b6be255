import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { ExportMenu } from '@/components/export-menu';
import { EmptyState } from '@/components/ui/empty-state';
import type { ReportOverview, SourceFigures } from '../api/get-report-overview';
import { byChannelSheet, exportBaseName, visibleFigures } from '../lib/reports-sheet';
import type { SortState } from '../lib/figures';
import { useReportExport } from '../lib/use-report-export';
import type { ReportFormat } from '../lib/use-report-format';
import { FiguresTable, sortFigureRows, type TextColumn } from './figures-table';

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
  const exporter = useReportExport(report.currency);
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-stone-900">{t('by_channel.title')}</h2>
        <ExportMenu
          busy={false}
          onExport={(fileFormat) =>
            void exporter.download(
              byChannelSheet(
                report,
                sortFigureRows(
                  report.by_source,
                  columns,
                  visibleFigures(report.can),
                  sort,
                  FALLBACK_SORT,
                  format.locale,
                ).sorted,
                exporter.context,
              ),
              fileFormat,
              exportBaseName('by-channel', report.period),
            )
          }
          testId="report-export-by-channel"
        />
      </div>
      <FiguresTable
        caption={t('by_channel.title')}
        rows={report.by_source}
        rowKey={(row) => row.source}
        textColumns={columns}
        figures={visibleFigures(report.can)}
        can={report.can}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={FALLBACK_SORT}
        testId="by-channel-table"
      />
    </div>
  );
}
