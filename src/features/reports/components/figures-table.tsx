import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Figures, ReportOverview } from '../api/get-report-overview';
import { parseSort, sortRows, type FigureSpec, type SortState } from '../lib/figures';
import type { ReportFormat } from '../lib/use-report-format';
import { FigureValue } from './kpi-cards';

export interface TextColumn<Row> {
  key: string;
  header: string;
  value: (row: Row) => string;
  /** What the column sorts by when it is not its text (a month's `YYYY-MM`, not its name). */
  sortValue?: (row: Row) => string;
}

/**
 * The rows in the order the table shows them (the URL's sort, else the fallback): exports use it
 * too, so a file lists the rows as the screen does.
 */
export function sortFigureRows<Row extends Figures>(
  rows: readonly Row[],
  textColumns: TextColumn<Row>[],
  figures: readonly FigureSpec[],
  sort: string,
  fallbackSort: SortState,
  locale: string,
): { state: SortState; sorted: Row[] } {
  const columns = [...textColumns.map((column) => column.key), ...figures.map((spec) => spec.key)];
  const state = parseSort(sort, columns, fallbackSort);
  const text = textColumns.find((column) => column.key === state.column);
  const nameOf = textColumns[0]?.value ?? (() => '');
  const sorted = sortRows(
    rows,
    (row) => (text ? (text.sortValue ?? text.value)(row) : row[state.column as keyof Figures]),
    nameOf,
    state.direction,
    locale,
  );
  return { state, sorted };
}

/**
 * A sortable table of figures (by unit, by channel): text columns first (the first one names the
 * row), then one column per figure. Each heading is a button; the sorted one carries aria-sort,
 * and the choice lives in the URL (`?sort=occupancy:desc`). Unknown figures sort last.
 */
export function FiguresTable<Row extends Figures>({
  caption,
  rows,
  rowKey,
  textColumns,
  figures,
  can,
  format,
  sort,
  onSort,
  fallbackSort,
  testId,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  textColumns: TextColumn<Row>[];
  figures: FigureSpec[];
  can: ReportOverview['can'];
  format: ReportFormat;
  sort: string;
  onSort: (sort: string) => void;
  fallbackSort: SortState;
  testId: string;
}) {
  const { t } = useTranslation('reports');
  const { state, sorted } = sortFigureRows(rows, textColumns, figures, sort, fallbackSort, format.locale);

  const heading = (key: string, label: string, numeric: boolean) => {
    const active = state.column === key;
    const next = active && state.direction === 'desc' ? 'asc' : active ? 'desc' : numeric ? 'desc' : 'asc';
    const Icon = !active ? ArrowUpDown : state.direction === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th
        key={key}
        scope="col"
        aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}
        className={cn(
          'px-2 py-2 align-bottom text-xs font-semibold text-stone-700',
          numeric ? 'text-end' : 'text-start',
        )}
      >
        <button
          type="button"
          className={cn(
            'inline-flex items-center gap-1 rounded-sm hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600',
            numeric && 'flex-row-reverse text-end',
          )}
          onClick={() => onSort(`${key}:${next}`)}
          data-testid={`${testId}-sort-${key}`}
        >
          {label}
          <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !active && 'text-stone-400')} />
        </button>
      </th>
    );
  };

  return (
    <div
      className="overflow-x-auto rounded-xl border border-stone-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">
          {caption}. {t('table.sort_hint')}
        </caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            {textColumns.map((column) => heading(column.key, column.header, false))}
            {figures.map((spec) => heading(spec.key, t(`figures.${spec.key}`), true))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-b border-stone-100 last:border-0" data-testid={`${testId}-row`}>
              {textColumns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className="px-2 py-2 text-start font-medium text-stone-900">
                    {column.value(row)}
                  </th>
                ) : (
                  <td key={column.key} className="px-2 py-2 text-start text-stone-700">
                    {column.value(row)}
                  </td>
                ),
              )}
              {figures.map((spec) => (
                <td
                  key={spec.key}
                  className="px-2 py-2 text-end whitespace-nowrap tabular-nums"
                  data-testid={`${testId}-${spec.key}`}
                >
                  <FigureValue spec={spec} value={row[spec.key]} can={can} format={format} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
