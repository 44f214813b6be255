import { FileX, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { useDocumentTitle } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { INVOICE_TOKEN_PATTERN, usePublicInvoice } from '../api/get-public-invoice';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { DownloadPdfButton } from '../components/download-pdf-button';
import { PrintStyles } from '../components/print-styles';
import { TaxInvoiceDocument } from '../components/tax-invoice-document';
import { taxDocument } from '../lib/tax-document';

/** The guest's frame: the seller's name and the language switch, no dashboard; never indexed. */
function Shell({ sellerName, children }: { sellerName?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50 print:bg-white">
      {/* React hoists it into <head>: a guest's invoice is nobody's search result. */}
      <meta name="robots" content="noindex, nofollow" />
      <header className="border-b border-stone-200 bg-white print:hidden">
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4">
          <p className="min-w-0 flex-1 truncate text-lg font-bold text-stone-900">{sellerName ?? ''}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 print:p-0">
        {children}
      </main>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('invoices');
  useDocumentTitle(t('guest_link.not_found_title'));
  return (
    <Shell>
      <EmptyState
        icon={FileX}
        titleAs="h1"
        title={t('guest_link.not_found_title')}
        description={t('guest_link.not_found_description')}
        data-testid="guest-invoice-not-found"
      />
    </Shell>
  );
}

const TITLE_KEYS = {
  invoice: 'page.title',
  credit_note: 'page.title_credit_note',
  debit_note: 'page.title_debit_note',
} as const;

/** The summary in the guest's language above the bilingual tax document, with print and PDF. */
function GuestInvoice({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices');
  const language = currentLanguage();
  const title = t(TITLE_KEYS[invoice.document_type], { number: invoice.invoice_number ?? '' });
  useDocumentTitle(title);
  const sellerName = localized(language, invoice.seller.name_en ?? invoice.seller.name ?? '', invoice.seller.name);
  // Credit and debit notes issued against this invoice: the guest sees what changed the amount.
  const notes = [
    ...invoice.credit_notes.map((note) => ({ ...note, kind: 'credit_note' as const })),
    ...invoice.debit_notes.map((note) => ({ ...note, kind: 'debit_note' as const })),
  ].filter((note) => note.status !== 'draft');
  const facts: Array<{ label: string; value: string; testId: string }> = [
    { label: t('guest_link.status'), value: t(`status.${invoice.status}`), testId: 'guest-invoice-status' },
    { label: t('guest_link.issued'), value: formatDate(invoice.issue_date, language), testId: 'guest-invoice-issued' },
    {
      label: t('guest_link.total'),
      value: formatMoney(invoice.total_amount, invoice.currency, language),
      testId: 'guest-invoice-total',
    },
    ...(invoice.document_type === 'invoice' && invoice.status !== 'cancelled'
      ? [
          { label: t('guest_link.due'), value: formatDate(invoice.due_date, language), testId: 'guest-invoice-due' },
          {
            label: t('page.balance'),
            value: formatMoney(invoice.balance_due, invoice.currency, language),
            testId: 'guest-invoice-balance',
          },
        ]
      : []),
  ];
  return (
    <Shell sellerName={sellerName}>
      <PrintStyles />
      <section aria-labelledby="guest-invoice-title" className="flex flex-col gap-4 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="guest-invoice-title" className="text-2xl font-bold text-stone-900" data-testid="guest-invoice-title">
            {title}
          </h1>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => window.print()} data-testid="action-print">
              <Printer aria-hidden="true" />
              {t('actions.print')}
            </Button>
            <DownloadPdfButton invoice={invoice} hijri />
          </div>
        </div>
        <dl className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-5">
          {facts.map((fact) => (
            <div key={fact.testId}>
              <dt className="text-xs text-stone-600">{fact.label}</dt>
              <dd className="font-medium text-stone-900" data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        {notes.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm text-stone-700" data-testid="guest-invoice-notes">
            {notes.map((note) => (
              <li key={note.id}>
                {t('guest_link.corrected_by', {
                  document: t(TITLE_KEYS[note.kind], { number: note.invoice_number ?? '' }),
                  amount: formatMoney(note.total_amount, invoice.currency, language),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {/* The guest's copy prints both calendars, as Saudi invoices commonly do (issue 17). */}
      <TaxInvoiceDocument document={taxDocument(invoice, { hijri: true })} />
    </Shell>
  );
}

function GuestInvoiceLoader({ token }: { token: string }) {
  const { t } = useTranslation('invoices');
  const invoice = usePublicInvoice(token);
  if (invoice.isPending)
    return <Spinner label={t('common:loading')} className="m-auto min-h-dvh w-full justify-center" />;
  if (invoice.isError)
    return (
      <Shell>
        <EmptyState
          titleAs="h1"
          title={t('guest_link.load_failed')}
          description={getErrorMessage(invoice.error)}
          action={<Button onClick={() => void invoice.refetch()}>{t('common:actions.try_again')}</Button>}
        />
      </Shell>
    );
  if (invoice.data === null) return <NotFound />;
  return <GuestInvoice invoice={invoice.data} />;
}

/** `/invoice/:token`: the guest opens, prints or downloads their tax invoice from the link in a message. */
export function PublicInvoicePage() {
  const { token = '' } = useParams();
  const normalized = token.trim().toLowerCase();
  if (!INVOICE_TOKEN_PATTERN.test(normalized)) return <NotFound />;
  return <GuestInvoiceLoader token={normalized} />;
}
