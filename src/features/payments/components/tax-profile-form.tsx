import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { taxProfileInput, taxProfileSchema, type TaxProfileInput, type TaxProfileValues } from '@/domain/tax-profile';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { useUpdateTaxProfile } from '../api/update-tax-profile';

/** The database's refusal keys (update_tax_profile), each shown under the field it names. */
const FIELD_OF_RULE: Record<string, FieldPath<TaxProfileInput>> = {
  tax_legal_name_invalid: 'legal_name_ar',
  tax_legal_name_too_long: 'legal_name_ar',
  vat_number_invalid: 'vat_number',
  commercial_registration_invalid: 'commercial_registration',
  building_number_invalid: 'address.building_number',
  additional_number_invalid: 'address.additional_number',
  postal_code_invalid: 'address.postal_code',
  address_invalid: 'address.street',
};

export interface TaxProfileFormProps {
  defaultValues: TaxProfileInput;
  /** settings.manage: without it the profile is shown, not editable. */
  canEdit: boolean;
}

/**
 * The seller's tax profile as every tax invoice prints it (Arabic legal name, VAT and CR
 * numbers, national address). Checked here with the database's own rules, then by the
 * database; a refusal lands under its field, and nothing typed is lost.
 */
export function TaxProfileForm({ defaultValues, canEdit }: TaxProfileFormProps) {
  const { t } = useTranslation('payments');
  const save = useUpdateTaxProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TaxProfileInput, unknown, TaxProfileValues>({
    resolver: zodResolver(taxProfileSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      form.reset(taxProfileInput(values));
      toast.success(t('tax_profile.saved'));
    } catch (error) {
      const rule = toAppError(error).messageKey.replace(/^errors\.db\./, '');
      const field = FIELD_OF_RULE[rule];
      if (field) form.setError(field, { message: `common:errors.db.${rule}` }, { shouldFocus: true });
      else setServerError(getErrorMessage(error));
    }
  });

  const text = (name: FieldPath<TaxProfileInput>, options: { ltr?: boolean; numeric?: boolean } = {}) => ({
    ...form.register(name),
    readOnly: !canEdit,
    dir: options.ltr ? 'ltr' : undefined,
    inputMode: options.numeric ? ('numeric' as const) : undefined,
  });

  return (
    <form onSubmit={submit} noValidate data-testid="tax-profile-form" aria-labelledby="tax-profile-heading">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('tax_profile.fields.legal_name_ar')}
          error={message(errors.legal_name_ar?.message)}
          hint={t('tax_profile.hints.legal_name_ar')}
        >
          <Input {...text('legal_name_ar')} dir="rtl" lang="ar" autoComplete="organization" />
        </Field>
        <Field
          label={t('tax_profile.fields.legal_name_en')}
          error={message(errors.legal_name_en?.message)}
          hint={t('tax_profile.hints.optional')}
        >
          <Input {...text('legal_name_en')} dir="ltr" lang="en" />
        </Field>
        <Field
          label={t('tax_profile.fields.vat_number')}
          error={message(errors.vat_number?.message)}
          hint={t('tax_profile.hints.vat_number')}
        >
          <Input {...text('vat_number', { ltr: true, numeric: true })} maxLength={20} data-testid="vat-number" />
        </Field>
        <Field
          label={t('tax_profile.fields.commercial_registration')}
          error={message(errors.commercial_registration?.message)}
          hint={t('tax_profile.hints.commercial_registration')}
        >
          <Input {...text('commercial_registration', { ltr: true, numeric: true })} maxLength={14} />
        </Field>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-stone-900">{t('tax_profile.address')}</legend>
          <Field
            label={t('tax_profile.fields.street')}
            error={message(errors.address?.street?.message)}
            className="sm:col-span-2"
          >
            <Input {...text('address.street')} autoComplete="address-line1" />
          </Field>
          <Field
            label={t('tax_profile.fields.building_number')}
            error={message(errors.address?.building_number?.message)}
            hint={t('tax_profile.hints.four_digits')}
          >
            <Input {...text('address.building_number', { ltr: true, numeric: true })} maxLength={6} />
          </Field>
          <Field
            label={t('tax_profile.fields.additional_number')}
            error={message(errors.address?.additional_number?.message)}
            hint={t('tax_profile.hints.additional_number')}
          >
            <Input {...text('address.additional_number', { ltr: true, numeric: true })} maxLength={6} />
          </Field>
          <Field label={t('tax_profile.fields.district')} error={message(errors.address?.district?.message)}>
            <Input {...text('address.district')} />
          </Field>
          <Field label={t('tax_profile.fields.city')} error={message(errors.address?.city?.message)}>
            <Input {...text('address.city')} autoComplete="address-level2" />
          </Field>
          <Field
            label={t('tax_profile.fields.postal_code')}
            error={message(errors.address?.postal_code?.message)}
            hint={t('tax_profile.hints.postal_code')}
          >
            <Input
              {...text('address.postal_code', { ltr: true, numeric: true })}
              maxLength={7}
              autoComplete="postal-code"
            />
          </Field>
          <Field
            label={t('tax_profile.fields.region')}
            error={message(errors.address?.region?.message)}
            hint={t('tax_profile.hints.optional')}
          >
            <Input {...text('address.region')} autoComplete="address-level1" />
          </Field>
        </fieldset>
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {serverError}
          </p>
        ) : null}
        {canEdit ? (
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" data-testid="tax-profile-save">
              {isSubmitting ? t('tax_profile.saving') : t('tax_profile.save')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-stone-600 sm:col-span-2" data-testid="tax-profile-read-only">
            {t('tax_profile.read_only')}
          </p>
        )}
      </fieldset>
    </form>
  );
}
