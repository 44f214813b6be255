import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { halalasToNumber, invoiceTotals } from '@/domain/invoice-money';
import { emptyInvoiceLine, LINE_VAT_CATEGORIES, type InvoiceInput } from '@/domain/invoices';
import { useInvoiceFormat } from '../lib/use-money';

export interface InvoiceLinesEditorProps {
  control: Control<InvoiceInput>;
  register: UseFormRegister<InvoiceInput>;
  errors: FieldErrors<InvoiceInput>;
  currency: string;
}

/**
 * Description (and its Arabic), quantity, unit price and VAT treatment per line, with each line's
 * amount and the document's subtotal, VAT and total as the database will compute them.
 */
export function InvoiceLinesEditor({ control, register, errors, currency }: InvoiceLinesEditorProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const totals = invoiceTotals(lines.map((line) => ({ ...line, vat_category: line?.vat_category ?? 'S' })));
  const message = (key?: string) => (key ? t(key) : undefined);
  const money = (halalas: bigint | null) => (halalas === null ? '—' : format.money(halalasToNumber(halalas), currency));
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3" data-testid="invoice-lines">
      <legend className="mb-2 text-sm font-semibold text-stone-900">{t('form.lines')}</legend>
      {fields.map((field, index) => {
        const lineErrors = errors.lines?.[index];
        return (
          <div key={field.id} className="rounded-lg border border-stone-200 p-3" data-testid="invoice-line">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-sm font-medium text-stone-700">{t('form.line', { number: index + 1 })}</span>
              <Button
                variant="ghost"
                size="icon"
                disabled={fields.length === 1}
                onClick={() => remove(index)}
                aria-label={t('actions.remove_line', { number: index + 1 })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('form.line_description')} error={message(lineErrors?.description?.message)}>
                <Input {...register(`lines.${index}.description`)} data-testid="line-description" />
              </Field>
              <Field label={t('form.line_description_ar')} error={message(lineErrors?.description_ar?.message)}>
                <Input dir="rtl" lang="ar" {...register(`lines.${index}.description_ar`)} />
              </Field>
              <div className="grid grid-cols-3 gap-3 sm:col-span-2">
                <Field label={t('form.quantity')} error={message(lineErrors?.quantity?.message)}>
                  <Input
                    inputMode="decimal"
                    dir="ltr"
                    {...register(`lines.${index}.quantity`)}
                    data-testid="line-quantity"
                  />
                </Field>
                <Field label={t('form.rate')} error={message(lineErrors?.rate?.message)}>
                  <Input inputMode="decimal" dir="ltr" {...register(`lines.${index}.rate`)} data-testid="line-rate" />
                </Field>
                <Field label={t('form.vat')}>
                  <Select {...register(`lines.${index}.vat_category`)} data-testid="line-vat">
                    {LINE_VAT_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {t(`form.vat_category.${category}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
            </div>
            <p className="mt-2 text-end text-sm text-stone-700">
              {t('form.amount')}:{' '}
              <span className="font-semibold tabular-nums" data-testid="line-amount">
                {money(totals.lines[index] ?? null)}
              </span>
            </p>
          </div>
        );
      })}
      {linesError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(linesError)}
        </p>
      ) : null}
      <Button
        variant="outline"
        className="w-fit"
        disabled={fields.length >= 200}
        onClick={() => append(emptyInvoiceLine())}
      >
        <Plus aria-hidden="true" />
        {t('actions.add_line')}
      </Button>
      <dl
        className="ms-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
        aria-live="polite"
        data-testid="form-totals"
      >
        <dt className="text-stone-600">{t('form.subtotal')}</dt>
        <dd className="text-end tabular-nums" data-testid="form-subtotal">
          {money(totals.subtotal)}
        </dd>
        <dt className="text-stone-600">{t('form.vat_total')}</dt>
        <dd className="text-end tabular-nums" data-testid="form-vat">
          {money(totals.vat)}
        </dd>
        <dt className="font-semibold">{t('form.total')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="form-total">
          {money(totals.total)}
        </dd>
      </dl>
    </fieldset>
  );
}
