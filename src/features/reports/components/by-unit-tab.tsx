import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { localized } from '@/lib/localized';
import type { ReportOverview, UnitFigures } from '../api/get-report-overview';
import { byUnitSheet } from '../lib/reports-sheet';
import type { SortState } from '../lib/figures';
import type { ReportFormat } from '../lib/use-report-format';
import { ExportableFigures } from './exportable-figures';
import type { TextColumn } from './figures-table';

const FALLBACK_SORT: SortState = { column: 'revenue_booked', direction: 'desc' };

/** Every unit in the filter (even with no night sold): a chart of nights sold and the sortable table. */
export function ByUnitTab({
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
  const name = (row: UnitFigures) => localized(format.language, row.name, row.name_ar);
  const columns: TextColumn<UnitFigures>[] = [
    { key: 'name', header: t('by_unit.unit'), value: name },
    { key: 'type', header: t('by_unit.type'), value: (row) => t(`unit_types.${row.type}`) },
    { key: 'city', header: t('by_unit.city'), value: (row) => row.city ?? '' },
  ];
  if (report.by_unit.length === 0) return <EmptyState title={t('by_unit.empty')} data-testid="by-unit-empty" />;

  return (
    <div className="flex flex-col gap-4" data-testid="report-by-unit">
      <section className="rounded-xl border border-stone-200 bg-white p-4">
        <BarChart
          testId="by-unit-chart"
          title={t('by_unit.chart')}
          summary={t('by_unit.chart_summary', {
            from: format.day(report.period.from, 'long'),
            to: format.day(report.period.to, 'long'),
          })}
          series={[
            { key: 'nights', label: t('figures.nights_sold'), fill: 'fill-primary-700', swatch: 'bg-primary-700' },
          ]}
          groups={report.by_unit.map((row) => ({
            key: row.unit_id,
            label: name(row),
            values: { nights: row.nights_sold },
          }))}
          formatValue={format.count}
          categoryLabel={t('by_unit.unit')}
        />
      </section>
      <ExportableFigures
        title={t('by_unit.title')}
        report={report}
        rows={report.by_unit}
        rowKey={(row) => row.unit_id}
        columns={columns}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={FALLBACK_SORT}
        sheet={byUnitSheet}
        exportName="by-unit"
        exportTestId="report-export-by-unit"
        testId="by-unit-table"
      />
    </div>
  );
}
