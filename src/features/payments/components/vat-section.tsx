import { Printer } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { downloadSpreadsheet, type SpreadsheetFormat } from '@/lib/spreadsheet';
import { useTaxProfile } from '../api/get-tax-profile';
import { useVatReport, type VatReport } from '../api/get-vat-report';
import { VAT_URL } from '../lib/payments-url';
import { VAT_PRESETS } from '../lib/periods';
import { useFinanceFormat } from '../lib/use-finance-format';
import { usePeriod } from '../lib/use-period';
import { vatExportBaseName, vatLines, vatSheet } from '../lib/vat-sheet';
import { ExportMenu } from '@/components/export-menu';
import { PeriodPicker } from './period-picker';
import { PrintArea } from '@/components/print-area';
import { SectionError } from './section-error';
import { VatTable } from './vat-table';
import { cn } from '@/lib/cn';

/** The seller and period on the printed report (the legal name in Arabic, as on the return). */
function PrintHeading({ report }: { report: VatReport }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const { organization } = useAuth();
  const profile = useTaxProfile(organization?.id).data;
  return (
    <div className="mb-4 hidden print:block" data-testid="vat-print-heading">
      <p className="text-lg font-bold">{profile?.legal_name_ar || organization?.name}</p>
      {profile?.legal_name_en ? <p>{profile.legal_name_en}</p> : null}
      {profile?.vat_number ? (
        <p>
          {t('vat.print.vat_number')}: <span dir="ltr">{profile.vat_number}</span>
        </p>
      ) : null}
      <p>
        {t('vat.print.period', {
          from: format.day(report.period.from, 'long'),
          to: format.day(report.period.to, 'long'),
        })}
      </p>
    </div>
  );
}

/**
 * The VAT report (`?section=vat`) for a month or quarter as filed with ZATCA: output VAT of the
 * documents issued in the period (credit notes subtracted), taxable amounts by category, the
 * net VAT due; exported with the spreadsheet helper and printable.
 */
export function VatSection() {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const period = usePeriod(VAT_URL);
  const report = useVatReport(period.range);
  const data = period.range ? report.data : undefined;

  const exportAs = async (fileFormat: SpreadsheetFormat) => {
    if (!data) return;
    try {
      await downloadSpreadsheet(
        vatSheet(data, t, format.language === 'ar', format.timeZone),
        fileFormat,
        vatExportBaseName(data),
      );
      toast.success(t('vat.exported'));
    } catch {
      toast.error(t('export.failed'));
    }
  };

  return (
    <section aria-labelledby="vat-heading" data-testid="vat-section">
      <PrintArea>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="vat-heading" className="text-lg font-semibold text-stone-900">
            {t('vat.title')}
          </h2>
          <div className="flex gap-2 print:hidden">
            <Button variant="outline" disabled={!data} onClick={() => window.print()} data-testid="vat-print">
              <Printer aria-hidden="true" />
              {t('vat.print.action')}
            </Button>
            <ExportMenu
              busy={false}
              disabled={!data}
              onExport={(fileFormat) => void exportAs(fileFormat)}
              testId="vat-export"
            />
          </div>
        </div>
        <p className="mb-4 max-w-3xl text-sm text-stone-600 print:hidden">{t('vat.description')}</p>
        <div className="print:hidden">
          <PeriodPicker presets={VAT_PRESETS} state={period} testId="vat-period" />
        </div>
        {period.range && report.isPending ? <Skeleton className="h-64 w-full" /> : null}
        {report.isError ? (
          <SectionError title={t('vat.error')} error={report.error} onRetry={() => void report.refetch()} />
        ) : null}
        {data ? (
          <div
            className={cn('transition-opacity', report.isPlaceholderData && 'opacity-50')}
            aria-busy={report.isFetching}
            data-stale={report.isPlaceholderData || undefined}
          >
            <PrintHeading report={data} />
            <VatTable lines={vatLines(data, t)} />
            <p className="mt-3 text-xs text-stone-600">{t('vat.footnote')}</p>
          </div>
        ) : null}
      </PrintArea>
    </section>
  );
}
