import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { compactNumber, niceScale } from '../lib/chart-scale';
import { useFinanceFormat } from '../lib/use-finance-format';

export interface BarSeries {
  key: string;
  label: string;
  /** Fill of the bars and the legend swatch (a `fill-*` and a `bg-*` class). */
  fill: string;
  swatch: string;
}

export interface BarGroup {
  key: string;
  label: string;
  values: Record<string, number>;
}

export interface BarChartProps {
  title: string;
  /** One sentence saying what the chart shows, read by screen readers with the title. */
  summary: string;
  series: BarSeries[];
  groups: BarGroup[];
  formatValue: (value: number) => string;
  testId: string;
}

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, bottom: 28, axis: 52, end: 8 };

/**
 * Grouped bars drawn as SVG by us (no chart library in any chunk): a round value axis, one
 * group per label, laid out from the reading start (right to left in Arabic, so time runs the
 * way the reader reads). The figures are also a table under the chart, for screen readers,
 * keyboards and anyone who wants the numbers.
 */
export function BarChart({ title, summary, series, groups, formatValue, testId }: BarChartProps) {
  const { t, i18n } = useTranslation('payments');
  const { language } = useFinanceFormat();
  const id = useId();
  const rtl = i18n.dir() === 'rtl';
  const largest = Math.max(0, ...groups.flatMap((group) => series.map((item) => group.values[item.key] ?? 0)));
  const { top, ticks } = niceScale(largest);
  const plotWidth = WIDTH - MARGIN.axis - MARGIN.end;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const groupWidth = plotWidth / Math.max(1, groups.length);
  const barWidth = Math.min(36, (groupWidth * 0.7) / series.length);
  const y = (value: number) => MARGIN.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  // The axis sits at the reading start: the left in English, the right in Arabic.
  const plotStart = rtl ? MARGIN.end : MARGIN.axis;
  const groupX = (index: number) => plotStart + groupWidth * (rtl ? groups.length - 1 - index : index);
  const axisX = rtl ? WIDTH - MARGIN.axis + 6 : MARGIN.axis - 6;

  return (
    <figure className="flex flex-col gap-3" data-testid={testId}>
      <figcaption className="text-sm font-semibold text-stone-900" id={`${id}-title`}>
        {title}
      </figcaption>
      <ul className="flex flex-wrap gap-4 text-xs text-stone-700" aria-hidden="true">
        {series.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <span className={cn('inline-block size-3 rounded-sm', item.swatch)} />
            {item.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <desc id={`${id}-summary`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={plotStart}
              x2={plotStart + plotWidth}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-stone-200"
              strokeWidth={1}
            />
            <text
              x={axisX}
              y={y(tick)}
              dy="0.35em"
              textAnchor={rtl ? 'start' : 'end'}
              className="fill-stone-600 text-[11px]"
            >
              {compactNumber(tick, language)}
            </text>
          </g>
        ))}
        {groups.map((group, index) => {
          const start = groupX(index) + (groupWidth - barWidth * series.length) / 2;
          return (
            <g key={group.key}>
              {series.map((item, position) => {
                const value = group.values[item.key] ?? 0;
                const slot = rtl ? series.length - 1 - position : position;
                return (
                  <rect
                    key={item.key}
                    x={start + slot * barWidth}
                    y={y(value)}
                    width={Math.max(1, barWidth - 2)}
                    height={Math.max(0, MARGIN.top + plotHeight - y(value))}
                    className={item.fill}
                    rx={2}
                  >
                    <title>{`${group.label} · ${item.label}: ${formatValue(value)}`}</title>
                  </rect>
                );
              })}
              <text
                x={groupX(index) + groupWidth / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-stone-700 text-[11px]"
              >
                {group.label}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-600">
          {t('chart.show_table')}
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm" data-testid={`${testId}-table`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th scope="col" className="px-2 py-1 text-start font-semibold text-stone-700">
                  {t('chart.period')}
                </th>
                {series.map((item) => (
                  <th key={item.key} scope="col" className="px-2 py-1 text-end font-semibold text-stone-700">
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.key} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="px-2 py-1 text-start font-normal text-stone-800">
                    {group.label}
                  </th>
                  {series.map((item) => (
                    <td key={item.key} className="px-2 py-1 text-end tabular-nums">
                      {formatValue(group.values[item.key] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
