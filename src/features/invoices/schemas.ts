import type { AgingBucket, DocumentType, InvoiceStatus } from '@/domain/invoices';

/**
 * The invoices screens write invoices with the shared entity schema (src/domain/invoices.ts);
 * what is only this feature's is the list's state.
 */
export const invoiceSortColumns = ['issue_date', 'due_date', 'total', 'number'] as const;
export type InvoiceSort = (typeof invoiceSortColumns)[number];

export interface InvoiceListParams {
  search: string;
  statuses: InvoiceStatus[];
  documentTypes: DocumentType[];
  aging: AgingBucket | null;
  dateFrom: string | null;
  dateTo: string | null;
  sort: InvoiceSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}
