import { useTranslation } from 'react-i18next';
import { localized } from '@/lib/localized';
import type { UnitFigures } from '../api/get-report-overview';
import type { SortState } from '../lib/figures';
import { byUnitSheet } from '../lib/reports-sheet';
import { BreakdownTab, type ReportTabProps } from './breakdown-tab';
import type { TextColumn } from './figures-table';

const FALLBACK_SORT: SortState = { column: 'revenue_booked', direction: 'desc' };

/** Every unit in the filter (even with no night sold): a chart of nights sold and the sortable table. */
export function ByUnitTab(props: ReportTabProps) {
  const { report, format } = props;
  const { t } = useTranslation('reports');
  const name = (row: UnitFigures) => localized(format.language, row.name, row.name_ar);
  const columns: TextColumn<UnitFigures>[] = [
    { key: 'name', header: t('by_unit.unit'), value: name },
    { key: 'type', header: t('by_unit.type'), value: (row) => t(`unit_types.${row.type}`) },
    { key: 'city', header: t('by_unit.city'), value: (row) => row.city ?? '' },
  ];

  return (
    <BreakdownTab
      {...props}
      testId="report-by-unit"
      rows={report.by_unit}
      rowKey={(row) => row.unit_id}
      rowLabel={name}
      columns={columns}
      fallbackSort={FALLBACK_SORT}
      empty={{ title: t('by_unit.empty'), testId: 'by-unit-empty' }}
      chart={{
        testId: 'by-unit-chart',
        title: t('by_unit.chart'),
        summary: (period) => t('by_unit.chart_summary', period),
        seriesKey: 'nights',
        seriesLabel: t('figures.nights_sold'),
        value: (row) => row.nights_sold,
        formatValue: format.count,
        categoryLabel: t('by_unit.unit'),
      }}
      table={{
        title: t('by_unit.title'),
        sheet: byUnitSheet,
        exportName: 'by-unit',
        exportTestId: 'report-export-by-unit',
        testId: 'by-unit-table',
      }}
    />
  );
}
