import { ExportMenu } from '@/components/export-menu';
import type { SpreadsheetSpec } from '@/lib/spreadsheet';
import type { Figures, ReportOverview } from '../api/get-report-overview';
import type { SortState } from '../lib/figures';
import { exportBaseName, visibleFigures, type SheetContext } from '../lib/reports-sheet';
import { useReportExport } from '../lib/use-report-export';
import type { ReportFormat } from '../lib/use-report-format';
import { FiguresTable, sortFigureRows, type TextColumn } from './figures-table';

/**
 * A report table under its heading, with the export menu beside the heading: the file holds the
 * rows in the order the table shows them (the same sort) and only the figures the role may see.
 */
export function ExportableFigures<Row extends Figures>({
  title,
  report,
  rows,
  rowKey,
  columns,
  format,
  sort,
  onSort,
  fallbackSort,
  sheet,
  exportName,
  exportTestId,
  testId,
}: {
  title: string;
  report: ReportOverview;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: TextColumn<Row>[];
  format: ReportFormat;
  sort: string;
  onSort: (sort: string) => void;
  fallbackSort: SortState;
  /** The spreadsheet of the sorted rows (reports-sheet.ts). */
  sheet: (report: ReportOverview, rows: readonly Row[], context: SheetContext) => SpreadsheetSpec<Row>;
  /** What the file is named after ("by-unit"), before the period. */
  exportName: string;
  exportTestId: string;
  testId: string;
}) {
  const exporter = useReportExport(report.currency);
  const figures = visibleFigures(report.can);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-stone-900">{title}</h2>
        <ExportMenu
          busy={false}
          onExport={(fileFormat) =>
            void exporter.download(
              sheet(
                report,
                sortFigureRows(rows, columns, figures, sort, fallbackSort, format.locale).sorted,
                exporter.context,
              ),
              fileFormat,
              exportBaseName(exportName, report.period),
            )
          }
          testId={exportTestId}
        />
      </div>
      <FiguresTable
        caption={title}
        rows={rows}
        rowKey={rowKey}
        textColumns={columns}
        figures={figures}
        can={report.can}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={fallbackSort}
        testId={testId}
      />
    </>
  );
}
