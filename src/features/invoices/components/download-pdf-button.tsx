import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';
import { reportError } from '@/lib/error-reporting';
import { useDateFormat } from '@/lib/use-date-format';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { taxDocument } from '../lib/tax-document';

/** Saves a file the browser downloads (an object URL, released once clicked). */
function saveFile(bytes: Uint8Array, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Download PDF": the PDF code (pdf-lib, fontkit, the bidi algorithm and the Arabic font, several
 * hundred kB) loads only when pressed, never with the dashboard.
 */
export function DownloadPdfButton({ invoice, hijri }: { invoice: InvoiceDetail; hijri?: boolean }) {
  const { t } = useTranslation('invoices');
  // Hijri dates under the Gregorian ones: the user's preference, unless the page decides (guests).
  const { showHijri } = useDateFormat();
  const withHijri = hijri ?? showHijri;
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { buildInvoicePdf, loadInvoiceFonts } = await import('../pdf/build-invoice-pdf');
      const bytes = await buildInvoicePdf(taxDocument(invoice, { hijri: withHijri }), await loadInvoiceFonts());
      saveFile(bytes, `${invoice.invoice_number ?? 'draft-invoice'}.pdf`);
    } catch (error) {
      reportError(error, 'Invoice PDF');
      toast.error(t('errors.pdf_failed'), { description: getErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy} data-testid="action-pdf">
      <FileDown aria-hidden="true" />
      {busy ? t('actions.preparing_pdf') : t('actions.download_pdf')}
    </Button>
  );
}
