import { BarChart } from '@/components/charts/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import type { SpreadsheetSpec } from '@/lib/spreadsheet';
import type { Figures, ReportOverview } from '../api/get-report-overview';
import type { SortState } from '../lib/figures';
import type { SheetContext } from '../lib/reports-sheet';
import type { ReportFormat } from '../lib/use-report-format';
import { ExportableFigures } from './exportable-figures';
import type { TextColumn } from './figures-table';

/** What the reports page gives each tab. */
export interface ReportTabProps {
  report: ReportOverview;
  format: ReportFormat;
  sort: string;
  onSort: (sort: string) => void;
}

/**
 * A report broken down by one thing (units, channels): nothing but an empty state without rows,
 * else a one-series bar chart of one figure per row and the sortable, exportable table.
 */
export function BreakdownTab<Row extends Figures>({
  report,
  format,
  sort,
  onSort,
  testId,
  rows,
  rowKey,
  rowLabel,
  columns,
  fallbackSort,
  empty,
  chart,
  table,
}: ReportTabProps & {
  testId: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's name under its bars. */
  rowLabel: (row: Row) => string;
  columns: TextColumn<Row>[];
  fallbackSort: SortState;
  empty: { title: string; testId: string };
  chart: {
    testId: string;
    title: string;
    /** The chart's sentence for screen readers, given the period's days in words. */
    summary: (period: { from: string; to: string }) => string;
    seriesKey: string;
    seriesLabel: string;
    value: (row: Row) => number | null;
    formatValue: (value: number) => string;
    categoryLabel: string;
  };
  table: {
    title: string;
    sheet: (report: ReportOverview, rows: readonly Row[], context: SheetContext) => SpreadsheetSpec<Row>;
    exportName: string;
    exportTestId: string;
    testId: string;
  };
}) {
  if (rows.length === 0) return <EmptyState title={empty.title} data-testid={empty.testId} />;

  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <section className="rounded-xl border border-stone-200 bg-white p-4">
        <BarChart
          testId={chart.testId}
          title={chart.title}
          summary={chart.summary({
            from: format.day(report.period.from, 'long'),
            to: format.day(report.period.to, 'long'),
          })}
          series={[
            { key: chart.seriesKey, label: chart.seriesLabel, fill: 'fill-primary-700', swatch: 'bg-primary-700' },
          ]}
          groups={rows.map((row) => ({
            key: rowKey(row),
            label: rowLabel(row),
            values: { [chart.seriesKey]: chart.value(row) },
          }))}
          formatValue={chart.formatValue}
          categoryLabel={chart.categoryLabel}
        />
      </section>
      <ExportableFigures
        title={table.title}
        report={report}
        rows={rows}
        rowKey={rowKey}
        columns={columns}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={fallbackSort}
        sheet={table.sheet}
        exportName={table.exportName}
        exportTestId={table.exportTestId}
        testId={table.testId}
      />
    </div>
  );
}
