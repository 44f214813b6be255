import { useMemo } from 'react';
import { paths } from '@/config/paths';
import { urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import type { AgingBucket } from '../api/get-finance-summary';
import { PAYMENT_METHODS, type PaymentListParams } from '../schemas';
import { REPORT_PRESETS, VAT_PRESETS } from './periods';

/**
 * /dashboard/payments keeps what is on screen in the URL: `?section=` picks the section
 * (invoices by default, so the overview's `?new=invoice` lands on the invoices form) and each
 * section keeps its own filters beside it. Changing section starts from a clean URL, so the
 * sections can use the same short keys (`q`, `from`, `to`, `page`) without meeting.
 */
export const PAYMENTS_SECTIONS = ['invoices', 'payments', 'reports', 'vat', 'compliance'] as const;
export type PaymentsSection = (typeof PAYMENTS_SECTIONS)[number];

export const PAGE_URL = {
  section: urlParam.oneOf(PAYMENTS_SECTIONS, 'invoices'),
} satisfies UrlStateDefinition;

/** The payments page at a section, with that section's own parameters. */
export function paymentsHref(section: PaymentsSection, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(section === 'invoices' ? params : { section, ...params });
  const query = search.toString();
  return `${paths.dashboard.section('payments')}${query ? `?${query}` : ''}`;
}

/** Drill-down from the aging report: the invoices section filtered by that bucket (its `aging` key). */
export function agingHref(bucket: AgingBucket): string {
  return paymentsHref('invoices', { aging: bucket });
}

export const PAYMENT_PAGE_SIZE = 25;

/** The payments history: `?section=payments&q=&method=cash,mada&from=&to=&page=`. */
export const PAYMENTS_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  methods: urlParam.listOf(PAYMENT_METHODS, { key: 'method', filter: true }),
  dateFrom: urlParam.day({ key: 'from', filter: true }),
  dateTo: urlParam.day({ key: 'to', filter: true }),
  page: urlParam.page(),
} satisfies UrlStateDefinition;
export type PaymentsUrlState = UrlStateValues<typeof PAYMENTS_URL>;

export function paymentListParams(values: PaymentsUrlState): PaymentListParams {
  return { ...values, pageSize: PAYMENT_PAGE_SIZE };
}

export function usePaymentListParams() {
  const { values, set, resetFilters } = useUrlState(PAYMENTS_URL);
  const params = useMemo(() => paymentListParams(values), [values]);
  return { params, set, resetFilters };
}

/** Financial reports: `?section=reports&period=last_month` or `&period=custom&from=&to=`. */
export const REPORTS_URL = {
  period: urlParam.oneOf(REPORT_PRESETS, 'this_month'),
  from: urlParam.day(),
  to: urlParam.day(),
} satisfies UrlStateDefinition;

/** The VAT report: `?section=vat&period=last_quarter` (months and quarters as filed). */
export const VAT_URL = {
  period: urlParam.oneOf(VAT_PRESETS, 'this_month'),
  from: urlParam.day(),
  to: urlParam.day(),
} satisfies UrlStateDefinition;
