import { useMutation } from '@tanstack/react-query';
import type { PaymentListParams } from '../schemas';
import { fetchPayments, type PaymentRow } from './get-payments';

/** list_payments' largest page: few requests, each still quick. */
export const EXPORT_PAGE_SIZE = 5000;
/**
 * The most rows one export carries. A spreadsheet of more is built slowly in the browser and
 * read by nobody; the user narrows the dates instead (the screen says the file was cut).
 */
export const EXPORT_ROW_CAP = 20_000;

export interface PaymentsExport {
  rows: PaymentRow[];
  /** Everything that matched, which is more than `rows` when the cap cut the export. */
  total: number;
  capped: boolean;
}

/** Every payment matching the history's filters (not only the visible page), up to the cap. */
export async function getPaymentsForExport(
  params: Omit<PaymentListParams, 'page' | 'pageSize'>,
  pageSize: number = EXPORT_PAGE_SIZE,
  cap: number = EXPORT_ROW_CAP,
): Promise<PaymentsExport> {
  const rows: PaymentRow[] = [];
  let total = 0;
  while (rows.length < cap) {
    const page = await fetchPayments({ ...params, limit: Math.min(pageSize, cap - rows.length), offset: rows.length });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= total) break;
  }
  return { rows, total, capped: total > rows.length };
}

export function useExportPayments() {
  return useMutation({
    mutationFn: (params: Omit<PaymentListParams, 'page' | 'pageSize'>) => getPaymentsForExport(params),
    retry: false,
    meta: { errorTitle: 'payments:export.failed' },
  });
}
