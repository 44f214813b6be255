import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { downloadSpreadsheet, type SpreadsheetFormat, type SpreadsheetSpec } from '@/lib/spreadsheet';
import type { SheetContext } from './reports-sheet';
import { useReportFormat } from './use-report-format';

/** Downloads a report table as CSV or Excel and says whether it worked. */
export function useReportExport(currency = 'SAR') {
  const { t } = useTranslation('reports');
  const { language } = useReportFormat(currency);
  const { timeZone } = useOrganizationSettings();
  const context: SheetContext = { t, language, timeZone, currency };
  const download = async <Row>(sheet: SpreadsheetSpec<Row>, fileFormat: SpreadsheetFormat, baseName: string) => {
    try {
      await downloadSpreadsheet(sheet, fileFormat, baseName);
      toast.success(t('export.done'));
    } catch {
      toast.error(t('export.failed'));
    }
  };
  return { context, download };
}
