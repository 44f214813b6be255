import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { VatLine } from '../lib/vat-sheet';
import { useFinanceFormat } from '../lib/use-finance-format';

/** The VAT report's lines: documents (credit notes subtracted), categories and the net VAT due. */
export function VatTable({ lines }: { lines: VatLine[] }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  // Narrower cells on phones: the four columns fit 412 px in Arabic, the VAT column in sight.
  const head = 'px-2 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase sm:px-3';
  const cell = (value: number | null, money = true) =>
    value === null ? <span aria-hidden="true">—</span> : money ? format.amount(value) : format.count(value);
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-sm" data-testid="vat-table">
        <caption className="sr-only">{t('vat.title')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={`${head} text-start`}>
              {t('vat.columns.item')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('vat.columns.count')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('vat.columns.taxable')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('vat.columns.vat')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.key}
              className={cn(
                'border-b border-stone-100 last:border-0',
                line.total && 'bg-stone-50 font-semibold',
                line.key === 'standard_rated' && 'border-t-2 border-t-stone-200',
              )}
              data-testid={`vat-${line.key}`}
            >
              <th scope="row" className="px-2 py-2 text-start font-[inherit] text-stone-900 sm:px-3">
                {line.label}
              </th>
              <td className="px-2 py-2 text-end tabular-nums sm:px-3">{cell(line.count, false)}</td>
              <td
                className="px-2 py-2 text-end whitespace-nowrap tabular-nums sm:px-3"
                data-testid={`vat-${line.key}-taxable`}
              >
                {cell(line.taxable)}
              </td>
              <td
                className="px-2 py-2 text-end whitespace-nowrap tabular-nums sm:px-3"
                data-testid={`vat-${line.key}-vat`}
              >
                {cell(line.vat)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
