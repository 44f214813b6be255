import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame, type ChartProps } from './chart-frame';
import {
  CHART_SIZE,
  fitLabel,
  horizontalLayout,
  useChartLocale,
  verticalScale,
  type ChartGroup,
  type ChartSeries,
} from './chart-types';

export type BarSeries = ChartSeries;
export type BarGroup = ChartGroup;

export type BarChartProps = ChartProps;

/**
 * Grouped bars drawn as SVG by us (no chart library in any chunk): a round value axis, one group
 * per label, laid out from the reading start (right to left in Arabic, so time runs the way the
 * reader reads). Each bar is a Tab stop named "<group> · <series>: <value>" that shows its value
 * when focused or hovered; the same figures are a table under the chart (ChartDataTable).
 */
export function BarChart(props: BarChartProps) {
  const { series, groups, formatValue, testId } = props;
  const { t } = useTranslation('charts');
  const { rtl } = useChartLocale();
  const [active, setActive] = useState<string | null>(null);
  const { ticks, plotBottom, y } = verticalScale(groups, series);
  const layout = horizontalLayout(groups.length, rtl);
  const barWidth = Math.min(36, (layout.groupWidth * 0.7) / Math.max(1, series.length));

  return (
    <ChartFrame {...props} ticks={ticks} y={y}>
      {groups.map((group, index) => {
        const start = layout.groupX(index) + (layout.groupWidth - barWidth * series.length) / 2;
        return (
          <g key={group.key}>
            {series.map((item, position) => {
              const value = group.values[item.key] ?? 0;
              const slot = rtl ? series.length - 1 - position : position;
              const key = `${group.key}:${item.key}`;
              const x = start + slot * barWidth;
              return (
                <g key={item.key}>
                  <rect
                    x={x}
                    y={y(value)}
                    width={Math.max(1, barWidth - 2)}
                    height={Math.max(1, plotBottom - y(value))}
                    className={`${item.fill} outline-none focus-visible:stroke-stone-900 focus-visible:stroke-2`}
                    rx={2}
                    tabIndex={0}
                    role="img"
                    aria-label={t('point', { group: group.label, series: item.label, value: formatValue(value) })}
                    onFocus={() => setActive(key)}
                    onBlur={() => setActive(null)}
                    onMouseEnter={() => setActive(key)}
                    onMouseLeave={() => setActive(null)}
                    data-testid={`${testId}-bar`}
                  />
                  {active === key ? (
                    <text
                      x={x + barWidth / 2}
                      y={Math.max(10, y(value) - 4)}
                      textAnchor="middle"
                      className="fill-stone-900 text-[11px] font-semibold"
                      aria-hidden="true"
                    >
                      {formatValue(value)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <text
              x={layout.groupX(index) + layout.groupWidth / 2}
              y={CHART_SIZE.height - 8}
              textAnchor="middle"
              className="fill-stone-700 text-[11px]"
              aria-hidden="true"
            >
              {fitLabel(group.label, layout.groupWidth)}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
