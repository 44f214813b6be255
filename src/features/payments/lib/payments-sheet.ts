import type { TFunction } from 'i18next';
import type { SpreadsheetSpec } from '@/lib/spreadsheet';
import type { PaymentRow } from '../api/get-payments';

/** A refund is money going back: negative in every total and export. */
export function signedAmount(row: Pick<PaymentRow, 'is_refund'>, amount: number): number {
  return row.is_refund ? -amount : amount;
}

/**
 * The payments history as a spreadsheet (lib/spreadsheet): the time paid in the organisation's
 * zone, the document, guest, method and kind in the user's language, the amount signed (refunds
 * negative) in its currency and in SAR. An Arabic export reads right to left.
 */
export function paymentsSheet(
  rows: readonly PaymentRow[],
  t: TFunction,
  rightToLeft: boolean,
  timeZone: string,
): SpreadsheetSpec<PaymentRow> {
  return {
    sheetName: t('payments:history.sheet_name'),
    rightToLeft,
    timeZone,
    rows,
    columns: [
      { header: t('payments:history.columns.paid_at'), kind: 'datetime', value: (row) => row.paid_at },
      {
        header: t('payments:history.columns.invoice'),
        kind: 'text',
        value: (row) => row.invoice?.invoice_number ?? null,
      },
      { header: t('payments:history.columns.client'), kind: 'text', value: (row) => row.client?.name ?? null },
      {
        header: t('payments:history.columns.method'),
        kind: 'text',
        value: (row) => t(`payments:methods.${row.method}`),
      },
      {
        header: t('payments:history.columns.kind'),
        kind: 'text',
        value: (row) => (row.is_refund ? t('payments:history.refund') : t('payments:history.payment')),
      },
      { header: t('payments:history.columns.amount'), kind: 'money', value: (row) => signedAmount(row, row.amount) },
      { header: t('payments:history.columns.currency'), kind: 'text', value: (row) => row.currency },
      {
        header: t('payments:history.columns.amount_sar'),
        kind: 'money',
        value: (row) => signedAmount(row, row.amount_sar),
      },
      { header: t('payments:history.columns.reference'), kind: 'text', value: (row) => row.reference_number },
      { header: t('payments:history.columns.received_by'), kind: 'text', value: (row) => row.received_by_name },
      { header: t('payments:history.columns.notes'), kind: 'text', value: (row) => row.notes, width: 40 },
    ],
  };
}

/** `payments-2026-03-01_2026-03-31`, or `payments-2026-11-24` for the whole history. */
export function paymentsExportBaseName(dateFrom: string | null, dateTo: string | null, today: string): string {
  if (dateFrom || dateTo) return `payments-${dateFrom ?? 'start'}_${dateTo ?? today}`;
  return `payments-${today}`;
}
