import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { BUYER_ID_SCHEMES, type InvoiceInput } from '@/domain/invoices';

export interface BuyerFieldsProps {
  register: UseFormRegister<InvoiceInput>;
  errors: FieldErrors<InvoiceInput>;
}

/** The buyer a standard (B2B) tax invoice names: legal name, VAT number or another ID, national address. */
export function BuyerFields({ register, errors }: BuyerFieldsProps) {
  const { t } = useTranslation('invoices');
  const message = (key?: string) => (key ? t(key) : undefined);
  const address = errors.buyer_address;
  const addressField = (name: keyof InvoiceInput['buyer_address'], options: { digits?: boolean } = {}) => (
    <Field label={t(`form.${name}`)} error={message(address?.[name]?.message)}>
      <Input
        {...register(`buyer_address.${name}`)}
        {...(options.digits ? { inputMode: 'numeric' as const, dir: 'ltr' } : {})}
        data-testid={`buyer-${name}`}
      />
    </Field>
  );
  return (
    <fieldset className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-2" data-testid="buyer-fields">
      <legend className="px-1 text-sm font-semibold text-stone-900">{t('form.buyer')}</legend>
      <Field label={t('form.buyer_name')} error={message(errors.buyer_name?.message)} className="sm:col-span-2">
        <Input {...register('buyer_name')} data-testid="buyer-name" />
      </Field>
      <Field
        label={t('form.buyer_vat_number')}
        hint={t('form.buyer_vat_hint')}
        error={message(errors.buyer_vat_number?.message)}
        className="sm:col-span-2"
      >
        <Input inputMode="numeric" dir="ltr" maxLength={15} {...register('buyer_vat_number')} data-testid="buyer-vat" />
      </Field>
      <Field label={t('form.buyer_id_scheme')}>
        <Select {...register('buyer_id_scheme')}>
          <option value="">{t('form.no_id')}</option>
          {BUYER_ID_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {t(`form.id_scheme.${scheme}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.buyer_id')} error={message(errors.buyer_id?.message)}>
        <Input dir="ltr" {...register('buyer_id')} />
      </Field>
      {addressField('street')}
      {addressField('building_number', { digits: true })}
      {addressField('additional_number', { digits: true })}
      {addressField('district')}
      {addressField('city')}
      {addressField('postal_code', { digits: true })}
      {addressField('country')}
    </fieldset>
  );
}
