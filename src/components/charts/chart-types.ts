import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/lib/i18n';
import { niceScale } from './chart-scale';

/** One series of a chart (a bar colour, a line): its name and Tailwind classes. */
export interface ChartSeries {
  key: string;
  label: string;
  /** Fill of the bars, the line's points and the legend swatch (`fill-*`, `bg-*`). */
  fill: string;
  swatch: string;
  /** Colour of a line (`stroke-*`); bars ignore it. */
  stroke?: string;
}

/** One step of the category axis (a month, a unit, a channel) and each series' value there. */
export interface ChartGroup {
  key: string;
  label: string;
  /** null or missing: no figure (an occupancy without available nights), not 0. */
  values: Record<string, number | null | undefined>;
}

/** The drawing box of every chart (scaled to the container's width by the viewBox). */
export const CHART_SIZE = { width: 640, height: 240 } as const;
export const CHART_MARGIN = { top: 16, bottom: 28, axis: 52, end: 8 } as const;

/** The reader's language and direction, for the axis digits and the way time runs. */
export function useChartLocale(): { language: Language; rtl: boolean } {
  const { i18n } = useTranslation('charts');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, rtl: i18n.dir(language) === 'rtl' };
}

/**
 * The horizontal geometry shared by bars and lines: the value axis at the reading start (left in
 * English, right in Arabic) and the groups laid out from there, so time runs the way one reads.
 */
export function horizontalLayout(groupCount: number, rtl: boolean) {
  const { width } = CHART_SIZE;
  const plotWidth = width - CHART_MARGIN.axis - CHART_MARGIN.end;
  const plotStart = rtl ? CHART_MARGIN.end : CHART_MARGIN.axis;
  const groupWidth = plotWidth / Math.max(1, groupCount);
  return {
    plotStart,
    plotWidth,
    groupWidth,
    groupX: (index: number) => plotStart + groupWidth * (rtl ? groupCount - 1 - index : index),
    axisX: rtl ? width - CHART_MARGIN.axis + 6 : CHART_MARGIN.axis - 6,
    axisAnchor: rtl ? ('start' as const) : ('end' as const),
  };
}

/** A category label cut to what fits under its slot (about 6 px a character at 11 px). */
export function fitLabel(label: string, slotWidth: number): string {
  const room = Math.max(3, Math.floor(slotWidth / 6.5));
  return label.length <= room ? label : `${label.slice(0, room - 1)}…`;
}

/**
 * The vertical geometry shared by bars and lines: a round value axis from 0 up to the largest
 * value (at least minTop) and y of a value inside the plot (a negative value sits on the 0 line).
 */
export function verticalScale(groups: ChartGroup[], series: ChartSeries[], minTop = 0) {
  const largest = Math.max(minTop, ...groups.flatMap((group) => series.map((item) => group.values[item.key] ?? 0)));
  const { top, ticks } = niceScale(largest);
  const plotHeight = CHART_SIZE.height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const plotBottom = CHART_MARGIN.top + plotHeight;
  const y = (value: number) => plotBottom - (Math.max(0, value) / top) * plotHeight;
  return { ticks, plotBottom, y };
}
