import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDataTable, ChartLegend } from './chart-data-table';
import { compactNumber } from './chart-scale';
import { CHART_SIZE, horizontalLayout, useChartLocale, type ChartGroup, type ChartSeries } from './chart-types';

/** What every chart is given: its words, its figures and how to write them. */
export interface ChartProps {
  title: string;
  /** One sentence saying what the chart shows, read by screen readers with the title. */
  summary: string;
  series: ChartSeries[];
  groups: ChartGroup[];
  formatValue: (value: number) => string;
  /** The value axis' labels; a short number ("12.5K") by default. */
  formatAxis?: (value: number) => string;
  /** The header of the table's first column (what a group is); "Month" by default. */
  categoryLabel?: string;
  testId: string;
}

/**
 * What bars and lines share around their marks: the caption and legend, the SVG named by the
 * title and described by the summary, the value axis with its grid lines (decoration, hidden from
 * screen readers) and the figures as a table under the chart.
 */
export function ChartFrame({
  title,
  summary,
  series,
  groups,
  formatValue,
  formatAxis,
  categoryLabel,
  testId,
  ticks,
  y,
  axisDecoration,
  children,
}: ChartProps & {
  ticks: number[];
  y: (value: number) => number;
  /** More decoration drawn with the grid, hidden from screen readers (a line chart's group labels). */
  axisDecoration?: ReactNode;
  /** The marks: bars or lines. */
  children: ReactNode;
}) {
  const { t } = useTranslation('charts');
  const { language, rtl } = useChartLocale();
  const id = useId();
  const layout = horizontalLayout(groups.length, rtl);
  const axisLabel = formatAxis ?? ((value: number) => compactNumber(value, language));

  return (
    <figure className="flex flex-col gap-3" data-testid={testId}>
      <figcaption className="text-sm font-semibold text-stone-900" id={`${id}-title`}>
        {title}
      </figcaption>
      <ChartLegend series={series} />
      <svg
        viewBox={`0 0 ${CHART_SIZE.width} ${CHART_SIZE.height}`}
        className="h-auto w-full"
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
      >
        <desc id={`${id}-summary`}>{summary}</desc>
        <g aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={layout.plotStart}
                x2={layout.plotStart + layout.plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-stone-200"
                strokeWidth={1}
              />
              <text
                x={layout.axisX}
                y={y(tick)}
                dy="0.35em"
                textAnchor={layout.axisAnchor}
                className="fill-stone-600 text-[11px]"
              >
                {axisLabel(tick)}
              </text>
            </g>
          ))}
          {axisDecoration}
        </g>
        {children}
      </svg>
      <ChartDataTable
        title={title}
        categoryLabel={categoryLabel ?? t('month')}
        series={series}
        groups={groups}
        formatValue={formatValue}
        testId={testId}
      />
    </figure>
  );
}
