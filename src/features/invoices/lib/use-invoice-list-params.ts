import { useMemo } from 'react';
import { AGING_BUCKETS, DOCUMENT_TYPES, INVOICE_STATUSES } from '@/domain/invoices';
import { readUrlState, urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { invoiceSortColumns, type InvoiceListParams } from '../schemas';

export const INVOICE_PAGE_SIZE = 25;
const ID = /^[\w-]{1,64}$/;

/**
 * The invoices section's state in the URL, beside the payments page's `?section=invoices`:
 * `?q=&status=&type=&aging=&from=&to=&sort=&dir=&page=`, and `?new=invoice` (the form, as the
 * overview's quick action opens it) with `&booking=<id>` to start from a booking.
 */
export const INVOICES_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  statuses: urlParam.listOf(INVOICE_STATUSES, { key: 'status', filter: true }),
  documentTypes: urlParam.listOf(DOCUMENT_TYPES, { key: 'type', filter: true }),
  aging: urlParam.optionalOneOf(AGING_BUCKETS, { filter: true }),
  dateFrom: urlParam.day({ key: 'from', filter: true }),
  dateTo: urlParam.day({ key: 'to', filter: true }),
  sort: urlParam.oneOf(invoiceSortColumns, 'issue_date', { filter: true }),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'desc', { filter: true }),
  page: urlParam.page(),
  creating: urlParam.optionalOneOf(['invoice', 'booking'] as const, { key: 'new' }),
  booking: urlParam.matching(ID),
} satisfies UrlStateDefinition;
export type InvoicesUrlState = UrlStateValues<typeof INVOICES_URL>;
export type InvoicesUrlPatch = Partial<InvoicesUrlState>;

export function invoiceListParams(values: InvoicesUrlState): InvoiceListParams {
  return {
    search: values.search,
    statuses: values.statuses,
    documentTypes: values.documentTypes,
    aging: values.aging,
    dateFrom: values.dateFrom,
    dateTo: values.dateTo,
    sort: values.sort,
    ascending: values.dir === 'asc',
    page: values.page,
    pageSize: INVOICE_PAGE_SIZE,
  };
}

/** Pure: the list parameters a URL describes (unknown values fall back to the defaults). */
export function parseInvoiceListParams(searchParams: URLSearchParams): InvoiceListParams {
  return invoiceListParams(readUrlState(INVOICES_URL, searchParams));
}

export function useInvoiceListParams() {
  const { values, set } = useUrlState(INVOICES_URL);
  const params = useMemo(() => invoiceListParams(values), [values]);
  return { params, values, set };
}
