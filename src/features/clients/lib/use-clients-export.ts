import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { todayIn } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { downloadSpreadsheet, type SpreadsheetFormat } from '@/lib/spreadsheet';
import { useExportClients } from '../api/export-clients';
import type { ClientListParams } from '../schemas';
import { clientsExportBaseName, clientsSheet } from './clients-sheet';

/** Exports every client matching the list's filters as an Excel workbook or a CSV file. */
export function useClientsExport(params: ClientListParams) {
  const { t, i18n } = useTranslation('clients');
  const exporter = useExportClients();
  const { timeZone } = useOrganizationSettings();
  const exportAs = async (format: SpreadsheetFormat) => {
    // A failure to read the rows toasts "Export failed." with the reason (the mutation's meta), once.
    const rows = await exporter.mutateAsync(params).catch(() => null);
    if (!rows) return;
    const language = isLanguage(i18n.language) ? i18n.language : 'en';
    try {
      await downloadSpreadsheet(
        clientsSheet(rows, t, language, timeZone),
        format,
        clientsExportBaseName(todayIn(timeZone)),
      );
      toast.success(t('export.done', { count: rows.length }));
    } catch {
      // The workbook writer's chunk failed to load (offline, a new deploy): the same toast as a failed read.
      toast.error(t('export.failed'));
    }
  };
  const run = (format: SpreadsheetFormat) => void exportAs(format);
  return { run, exporting: exporter.isPending };
}
