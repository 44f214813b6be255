import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { ChartFrame, type ChartProps } from './chart-frame';
import { CHART_SIZE, fitLabel, horizontalLayout, useChartLocale, verticalScale } from './chart-types';

export interface LineChartProps extends ChartProps {
  /** The least top of the value axis (1 for a ratio drawn up to 100 %). */
  minTop?: number;
}

/**
 * Lines over the groups (months), in the bar chart's style and geometry: SVG drawn by us, time
 * from the reading start, every point a Tab stop with its label, the figures as a table below.
 * A missing value (null) breaks the line instead of dropping it to 0.
 */
export function LineChart({ minTop = 0, ...props }: LineChartProps) {
  const { series, groups, formatValue, testId } = props;
  const { t } = useTranslation('charts');
  const { rtl } = useChartLocale();
  const [active, setActive] = useState<string | null>(null);
  const { ticks, y } = verticalScale(groups, series, minTop);
  const layout = horizontalLayout(groups.length, rtl);
  const x = (index: number) => layout.groupX(index) + layout.groupWidth / 2;

  /** The line as runs of consecutive known values ("M x y L x y …"), broken at each null. */
  const pathOf = (key: string) => {
    let path = '';
    let open = false;
    groups.forEach((group, index) => {
      const value = group.values[key];
      if (value === null || value === undefined) {
        open = false;
        return;
      }
      path += `${open ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)} `;
      open = true;
    });
    return path.trim();
  };

  return (
    <ChartFrame
      {...props}
      ticks={ticks}
      y={y}
      axisDecoration={groups.map((group, index) => (
        <text
          key={group.key}
          x={x(index)}
          y={CHART_SIZE.height - 8}
          textAnchor="middle"
          className="fill-stone-700 text-[11px]"
        >
          {fitLabel(group.label, layout.groupWidth)}
        </text>
      ))}
    >
      {series.map((item) => (
        <g key={item.key}>
          <path
            d={pathOf(item.key)}
            className={cn('fill-none', item.stroke ?? 'stroke-primary-700')}
            strokeWidth={2.5}
            strokeLinejoin="round"
            aria-hidden="true"
          />
          {groups.map((group, index) => {
            const value = group.values[item.key];
            if (value === null || value === undefined) return null;
            const key = `${group.key}:${item.key}`;
            return (
              <g key={group.key}>
                <circle
                  cx={x(index)}
                  cy={y(value)}
                  r={active === key ? 6 : 4}
                  className={cn(item.fill, 'stroke-white outline-none focus-visible:stroke-stone-900')}
                  strokeWidth={2}
                  tabIndex={0}
                  role="img"
                  aria-label={t('point', { group: group.label, series: item.label, value: formatValue(value) })}
                  onFocus={() => setActive(key)}
                  onBlur={() => setActive(null)}
                  onMouseEnter={() => setActive(key)}
                  onMouseLeave={() => setActive(null)}
                  data-testid={`${testId}-point`}
                />
                {active === key ? (
                  <text
                    x={x(index)}
                    y={Math.max(10, y(value) - 10)}
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
        </g>
      ))}
    </ChartFrame>
  );
}
