import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { todayIn } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { useExportClients } from '../api/export-clients';
import type { ClientListParams } from '../schemas';
import { buildClientsCsv, clientsExportFileName, downloadTextFile, type ClientExportFormat } from './clients-csv';

/** Exports every client matching the list's filters as CSV or Excel-ready CSV. */
export function useClientsExport(params: ClientListParams) {
  const { t, i18n } = useTranslation('clients');
  const exporter = useExportClients();
  const { timeZone } = useOrganizationSettings();
  const run = (format: ClientExportFormat) => {
    exporter.mutate(params, {
      onSuccess: (rows) => {
        const language = isLanguage(i18n.language) ? i18n.language : 'en';
        const today = todayIn(timeZone);
        downloadTextFile(
          clientsExportFileName(format, today),
          buildClientsCsv(rows, format, t, language),
          'text/csv;charset=utf-8',
        );
        toast.success(t('export.done', { count: rows.length }));
      },
      // A failure toasts "Export failed." with the reason (the mutation's meta), once.
    });
  };
  return { run, exporting: exporter.isPending };
}
