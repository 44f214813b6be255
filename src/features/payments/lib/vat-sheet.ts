import type { TFunction } from 'i18next';
import type { SpreadsheetSpec } from '@/lib/spreadsheet';
import type { VatReport } from '../api/get-vat-report';

/** One line of the VAT report as shown and exported: documents, taxable amount and VAT in SAR. */
export interface VatLine {
  key: string;
  label: string;
  count: number | null;
  taxable: number | null;
  vat: number | null;
  /** Lines that are sums (the net rows) are bold on screen. */
  total?: boolean;
}

/**
 * The VAT report's lines, in the order of a return: the documents issued (credit notes
 * subtracted), their net, the taxable amounts by VAT category, and the net VAT due.
 */
export function vatLines(report: VatReport, t: TFunction): VatLine[] {
  const row = (type: 'invoice' | 'debit_note' | 'credit_note') =>
    report.rows.find((item) => item.document_type === type) ?? {
      count: 0,
      taxable_amount: 0,
      vat_amount: 0,
    };
  const invoices = row('invoice');
  const debit = row('debit_note');
  const credit = row('credit_note');
  const netTaxable = invoices.taxable_amount + debit.taxable_amount - credit.taxable_amount;
  const netVat = invoices.vat_amount + debit.vat_amount - credit.vat_amount;
  return [
    {
      key: 'invoices',
      label: t('payments:vat.lines.invoices'),
      count: invoices.count,
      taxable: invoices.taxable_amount,
      vat: invoices.vat_amount,
    },
    {
      key: 'debit_notes',
      label: t('payments:vat.lines.debit_notes'),
      count: debit.count,
      taxable: debit.taxable_amount,
      vat: debit.vat_amount,
    },
    {
      key: 'credit_notes',
      label: t('payments:vat.lines.credit_notes'),
      count: credit.count,
      taxable: -credit.taxable_amount,
      vat: -credit.vat_amount,
    },
    {
      key: 'net_documents',
      label: t('payments:vat.lines.net_documents'),
      count: invoices.count + debit.count + credit.count,
      taxable: round(netTaxable),
      vat: round(netVat),
      total: true,
    },
    {
      key: 'standard_rated',
      label: t('payments:vat.lines.standard_rated'),
      count: null,
      taxable: report.standard_rated.taxable,
      vat: report.standard_rated.vat,
    },
    {
      key: 'zero_rated',
      label: t('payments:vat.lines.zero_rated'),
      count: null,
      taxable: report.zero_rated.taxable,
      vat: 0,
    },
    { key: 'exempt', label: t('payments:vat.lines.exempt'), count: null, taxable: report.exempt.taxable, vat: 0 },
    {
      key: 'out_of_scope',
      label: t('payments:vat.lines.out_of_scope'),
      count: null,
      taxable: report.out_of_scope.taxable,
      vat: 0,
    },
    {
      key: 'net_vat_due',
      label: t('payments:vat.lines.net_vat_due'),
      count: null,
      taxable: null,
      vat: report.net_vat_due,
      total: true,
    },
  ];
}

/** Sums of amounts with two decimals, kept at two decimals (no 0.30000000000000004). */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function vatSheet(
  report: VatReport,
  t: TFunction,
  rightToLeft: boolean,
  timeZone: string,
): SpreadsheetSpec<VatLine> {
  return {
    sheetName: t('payments:vat.sheet_name', { from: report.period.from, to: report.period.to }),
    rightToLeft,
    timeZone,
    rows: vatLines(report, t),
    columns: [
      { header: t('payments:vat.columns.item'), kind: 'text', value: (line) => line.label, width: 36 },
      { header: t('payments:vat.columns.count'), kind: 'integer', value: (line) => line.count },
      { header: t('payments:vat.columns.taxable'), kind: 'money', value: (line) => line.taxable },
      { header: t('payments:vat.columns.vat'), kind: 'money', value: (line) => line.vat },
    ],
  };
}

export function vatExportBaseName(report: VatReport): string {
  return `vat-report-${report.period.from}_${report.period.to}`;
}
