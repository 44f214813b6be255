import { useTranslation } from 'react-i18next';
import type { SourceFigures } from '../api/get-report-overview';
import type { SortState } from '../lib/figures';
import { byChannelSheet } from '../lib/reports-sheet';
import { BreakdownTab, type ReportTabProps } from './breakdown-tab';
import type { TextColumn } from './figures-table';

const FALLBACK_SORT: SortState = { column: 'revenue_booked', direction: 'desc' };

/** Every channel in the filter: a chart of revenue booked and the sortable table. */
export function ByChannelTab(props: ReportTabProps) {
  const { report, format } = props;
  const { t } = useTranslation('reports');
  const columns: TextColumn<SourceFigures>[] = [
    { key: 'source', header: t('by_channel.channel'), value: (row) => t(`sources.${row.source}`) },
  ];

  return (
    <BreakdownTab
      {...props}
      testId="report-by-channel"
      rows={report.by_source}
      rowKey={(row) => row.source}
      rowLabel={(row) => t(`sources.${row.source}`)}
      columns={columns}
      fallbackSort={FALLBACK_SORT}
      empty={{ title: t('by_channel.empty'), testId: 'by-channel-empty' }}
      chart={{
        testId: 'by-channel-chart',
        title: t('by_channel.chart'),
        summary: (period) => t('by_channel.chart_summary', period),
        seriesKey: 'booked',
        seriesLabel: t('figures.revenue_booked'),
        value: (row) => row.revenue_booked,
        formatValue: format.money,
        categoryLabel: t('by_channel.channel'),
      }}
      table={{
        title: t('by_channel.title'),
        sheet: byChannelSheet,
        exportName: 'by-channel',
        exportTestId: 'report-export-by-channel',
        testId: 'by-channel-table',
      }}
    />
  );
}
