import { urlParam, type UrlParam, type UrlStateDefinition } from '@/lib/url-state';
import { BOOKING_SOURCES, UNIT_TYPES } from '../api/get-report-overview';
import { PERIOD_PRESETS } from './periods';

export const REPORT_TABS = ['overview', 'by_unit', 'by_channel', 'statement', 'alerts'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Several values of a given shape, comma-separated (`units=<uuid>,<uuid>`, `city=Riyadh,Jeddah`):
 * malformed items are dropped, so an odd link reads as fewer filters rather than breaking.
 */
function listMatching(pattern: RegExp, options: { key?: string; filter?: boolean } = {}): UrlParam<string[]> {
  return {
    ...options,
    fallback: [],
    parse: (raw) => [...new Set(raw.split(',').map((item) => item.trim()))].filter((item) => pattern.test(item)),
    serialize: (value) => value.join(','),
  };
}

/**
 * /dashboard/reports keeps everything on screen in the URL, so a shared link or Back shows the
 * same report: `?tab=by_unit&period=custom&from=…&to=…&units=…&type=villa&city=Riyadh&source=airbnb`,
 * the sort of the tables, and the statement's unit.
 */
export const REPORTS_URL = {
  tab: urlParam.oneOf(REPORT_TABS, 'overview'),
  period: urlParam.oneOf(PERIOD_PRESETS, 'this_month'),
  from: urlParam.day(),
  to: urlParam.day(),
  units: listMatching(UUID, { filter: true }),
  types: urlParam.listOf(UNIT_TYPES, { key: 'type', filter: true }),
  // A city is free text: anything printable but the separator, at most 80 characters.
  cities: listMatching(/^[^,]{1,80}$/, { key: 'city', filter: true }),
  sources: urlParam.listOf(BOOKING_SOURCES, { key: 'source', filter: true }),
  sort: urlParam.text({ max: 40 }),
  statementUnit: urlParam.matching(UUID, { key: 'unit' }),
} satisfies UrlStateDefinition;
