import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { downloadSpreadsheet, type SpreadsheetFormat } from '@/lib/spreadsheet';
import { useExportPayments } from '../api/export-payments';
import type { PaymentListParams } from '../schemas';
import { paymentsExportBaseName, paymentsSheet } from './payments-sheet';
import { organizationToday } from './periods';
import { useFinanceFormat } from './use-finance-format';

/**
 * Exports every payment matching the history's filters (paged through list_payments up to the
 * cap) as an Excel workbook or a CSV file, and says how many rows it holds — and when the cap
 * cut it, how many matched.
 */
export function usePaymentsExport(params: PaymentListParams) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const exporter = useExportPayments();

  const exportAs = async (fileFormat: SpreadsheetFormat) => {
    const filters = {
      search: params.search,
      methods: params.methods,
      dateFrom: params.dateFrom,
      dateTo: params.dateTo,
    };
    // A failure to read the rows toasts "Export failed." with the reason (the mutation's meta).
    const result = await exporter.mutateAsync(filters).catch(() => null);
    if (!result) return;
    try {
      await downloadSpreadsheet(
        paymentsSheet(result.rows, t, format.language === 'ar', format.timeZone),
        fileFormat,
        paymentsExportBaseName(params.dateFrom, params.dateTo, organizationToday(format.timeZone)),
      );
    } catch {
      // The workbook writer could not load (offline, a new deploy): the same toast as a failed read.
      toast.error(t('export.failed'));
      return;
    }
    if (result.capped) {
      toast.warning(t('export.capped', { count: result.rows.length, total: format.count(result.total) }), {
        duration: 10_000,
      });
    } else {
      toast.success(t('export.done', { count: result.rows.length }));
    }
  };

  return { run: (fileFormat: SpreadsheetFormat) => void exportAs(fileFormat), exporting: exporter.isPending };
}
