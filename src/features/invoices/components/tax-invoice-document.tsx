import type { BilingualLabel } from '../lib/tax-invoice-labels';
import { TAX_LABELS } from '../lib/tax-invoice-labels';
import type { DocumentRow, TaxDocument } from '../lib/tax-document';
import { TaxInvoiceLines } from './tax-invoice-lines';
import { ZatcaQr } from './zatca-qr';

/** An English label at the left and its Arabic at the right, as Saudi tax invoices are laid out. */
export function BiLabel({ label, className }: { label: BilingualLabel; className?: string }) {
  return (
    <span className={className}>
      <span lang="en" dir="ltr">
        {label.en}
      </span>
      <span aria-hidden="true"> / </span>
      <span lang="ar" dir="rtl">
        {label.ar}
      </span>
    </span>
  );
}

function Rows({ rows }: { rows: DocumentRow[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label.en} className="contents">
          <dt lang="en" className="text-stone-600">
            {row.label.en}
          </dt>
          <dd dir={row.dir ?? 'auto'} className="text-center font-medium break-words" data-testid={row.testId}>
            {row.value}
          </dd>
          <dt lang="ar" dir="rtl" className="text-end text-stone-600">
            {row.label.ar}
          </dt>
        </div>
      ))}
    </dl>
  );
}

/** The total in words (التفقيط): English at the left, Arabic right to left at the right. */
function TotalInWords({ words }: { words: BilingualLabel }) {
  return (
    <section className="flex flex-col gap-1 border-y border-stone-200 py-2 text-sm" data-testid="doc-total-words">
      <div className="flex flex-wrap justify-between gap-x-4 text-xs text-stone-600">
        <span lang="en">{TAX_LABELS.totalInWords.en}</span>
        <span lang="ar" dir="rtl">
          {TAX_LABELS.totalInWords.ar}
        </span>
      </div>
      <div className="grid gap-1 font-medium sm:grid-cols-2 sm:gap-6">
        <p lang="en" dir="ltr" data-testid="doc-total-words-en">
          {words.en}
        </p>
        <p lang="ar" dir="rtl" className="text-start" data-testid="doc-total-words-ar">
          {words.ar}
        </p>
      </div>
    </section>
  );
}

/**
 * The bilingual Saudi tax invoice (VAT Implementing Regulations Art. 53; ZATCA's QR): what is
 * printed and what the PDF reproduces. Laid out left-to-right with Arabic on the right whatever
 * the screen's language, as the printed document is the same for every reader.
 */
export function TaxInvoiceDocument({ document }: { document: TaxDocument }) {
  return (
    <article
      dir="ltr"
      className="tax-invoice mx-auto flex w-full max-w-4xl flex-col gap-6 rounded-xl border border-stone-200 bg-white p-4 text-stone-900 sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0"
      data-testid="tax-invoice"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-200 pb-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="flex flex-wrap justify-between gap-x-4 text-xl font-bold">
            <span lang="en">{document.title.en}</span>
            <span lang="ar" dir="rtl" data-testid="doc-title-ar">
              {document.title.ar}
            </span>
          </h2>
          {document.draft ? <BiLabel label={TAX_LABELS.draft} className="font-semibold text-amber-800" /> : null}
          <div className="flex flex-wrap justify-between gap-x-4 text-base font-semibold">
            <span lang="en">{document.seller.nameEn}</span>
            <span lang="ar" dir="rtl" data-testid="doc-seller-ar">
              {document.seller.nameAr}
            </span>
          </div>
          <Rows rows={document.seller.rows} />
        </div>
        {document.qr ? (
          <ZatcaQr
            payload={document.qr}
            label={`${TAX_LABELS.qr.en} / ${TAX_LABELS.qr.ar}`}
            className="size-32 shrink-0 sm:size-36"
          />
        ) : null}
      </header>
      <section className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <BiLabel label={TAX_LABELS.invoiceNumber} className="sr-only" />
          <Rows rows={document.meta} />
        </div>
        {document.buyer ? (
          <div className="flex flex-col gap-1 rounded-lg bg-stone-50 p-3 print:bg-transparent">
            <BiLabel label={TAX_LABELS.buyer} className="text-xs font-semibold text-stone-600 uppercase" />
            <p dir="auto" className="font-semibold" data-testid="doc-buyer">
              {document.buyer.name}
            </p>
            <Rows rows={document.buyer.rows} />
          </div>
        ) : null}
      </section>
      <TaxInvoiceLines lines={document.lines} />
      <section className="ms-auto w-full max-w-md">
        <Rows rows={document.totals} />
      </section>
      <TotalInWords words={document.totalInWords} />
      {document.exemptNote ? (
        <p className="flex flex-col gap-1 text-xs text-stone-600 sm:flex-row sm:justify-between">
          <span lang="en">{TAX_LABELS.exemptNote.en}</span>
          <span lang="ar" dir="rtl">
            {TAX_LABELS.exemptNote.ar}
          </span>
        </p>
      ) : null}
      {document.notes ? (
        <section className="text-sm">
          <BiLabel label={TAX_LABELS.notes} className="text-xs font-semibold text-stone-600" />
          <p dir="auto" className="whitespace-pre-line">
            {document.notes}
          </p>
        </section>
      ) : null}
    </article>
  );
}
