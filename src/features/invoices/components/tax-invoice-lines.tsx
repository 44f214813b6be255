import { TAX_LABELS, type BilingualLabel } from '../lib/tax-invoice-labels';
import type { DocumentLine } from '../lib/tax-document';

function Head({ label, end = false }: { label: BilingualLabel; end?: boolean }) {
  return (
    <th scope="col" className={`px-2 py-2 align-bottom text-xs font-semibold ${end ? 'text-end' : 'text-start'}`}>
      <span lang="ar" dir="rtl" className="block">
        {label.ar}
      </span>
      <span lang="en" className="block font-normal text-stone-600">
        {label.en}
      </span>
    </th>
  );
}

/** The lines: description in both languages, quantity, unit price, VAT rate and amount, total. */
export function TaxInvoiceLines({ lines }: { lines: DocumentLine[] }) {
  return (
    // On a phone the table scrolls sideways: a focusable, named region so a keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded focus-visible:ring-2 focus-visible:ring-stone-400 focus-visible:outline-none"
      role="region"
      aria-label={`${TAX_LABELS.lines.en} / ${TAX_LABELS.lines.ar}`}
      tabIndex={0}
    >
      <table className="w-full border-collapse text-sm" data-testid="doc-lines">
        <thead className="border-y border-stone-300 bg-stone-50 print:bg-transparent">
          <tr>
            <Head label={TAX_LABELS.description} />
            <Head label={TAX_LABELS.quantity} end />
            <Head label={TAX_LABELS.unitPrice} end />
            <Head label={TAX_LABELS.vatRate} end />
            <Head label={TAX_LABELS.vatAmount} end />
            <Head label={TAX_LABELS.lineTotal} end />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-200 align-top">
              <td className="px-2 py-2">
                <span className="block">{line.description}</span>
                {line.descriptionAr ? (
                  <span lang="ar" dir="rtl" className="block text-start text-stone-700">
                    {line.descriptionAr}
                  </span>
                ) : null}
              </td>
              <td className="px-2 py-2 text-end tabular-nums">{line.quantity}</td>
              <td className="px-2 py-2 text-end tabular-nums">{line.unitPrice}</td>
              <td className="px-2 py-2 text-end tabular-nums">{line.vatRate}</td>
              <td className="px-2 py-2 text-end tabular-nums">{line.vatAmount}</td>
              <td className="px-2 py-2 text-end font-medium tabular-nums">{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
