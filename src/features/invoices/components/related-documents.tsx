import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';
import { InvoiceStatusBadge } from './status-badges';

/** The invoice a note corrects, and the notes that correct this invoice: linked both ways. */
export function RelatedDocuments({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const notes = [
    ...invoice.credit_notes.map((note) => ({ ...note, type: 'credit_note' as const })),
    ...invoice.debit_notes.map((note) => ({ ...note, type: 'debit_note' as const })),
  ];
  if (!invoice.original_invoice && notes.length === 0 && !invoice.booking) return null;
  const link = 'font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600';
  return (
    <Card data-testid="related-documents">
      <CardHeader>
        <CardTitle>{t('page.related')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm">
          {invoice.original_invoice ? (
            <li>
              <Link
                to={paths.dashboard.invoice.getHref(invoice.original_invoice.id)}
                className={link}
                data-testid="original-link"
              >
                {t('page.corrects', { number: invoice.original_invoice.invoice_number ?? '' })}
              </Link>
            </li>
          ) : null}
          {notes.map((note) => (
            <li key={note.id} className="flex items-center justify-between gap-2" data-testid="related-note">
              <span>
                {t(note.type === 'credit_note' ? 'page.credit_note_of' : 'page.debit_note_of')}{' '}
                <Link to={paths.dashboard.invoice.getHref(note.id)} className={link} dir="ltr">
                  {note.invoice_number ?? t('list.draft_number')}
                </Link>
                <span className="block text-xs text-stone-600">{note.reason}</span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span className="tabular-nums">{format.money(note.total_amount, invoice.currency)}</span>
                <InvoiceStatusBadge status={note.status} />
              </span>
            </li>
          ))}
          {invoice.booking ? (
            <li className="text-stone-700" dir="auto">
              {t('page.booking', { reference: invoice.booking.booking_reference })}
            </li>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}
