import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth, useOrganizationSettings } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { Constants } from '@/types/database';
import { useCreateUnit, useOnboardingUnits, type UnitSummary } from '../../api/units';
import { unitFormSchema, type UnitFormInput, type UnitFormValues } from '../../schemas';
import { Select } from '@/components/ui/select';
import { StepError } from '../step-error';
import { FullScreenLink } from './full-screen-link';
import type { StepProps } from './step-props';

/** The first property (required): a compact unit form that saves a real row in `units`. */
export function PropertyStep({ formId, onDone, onOpenFullScreen, onBusyChange }: StepProps) {
  const { t } = useTranslation('onboarding');
  const { organization } = useAuth();
  const { currency } = useOrganizationSettings();
  const units = useOnboardingUnits(organization?.id);
  const create = useCreateUnit();
  const [saved, setSaved] = useState<UnitSummary | null>(null);
  const form = useForm<UnitFormInput, unknown, UnitFormValues>({
    resolver: zodResolver(unitFormSchema),
    defaultValues: { name: '', type: 'apartment', price_per_night: '', max_guests: '2', address_city: '' },
  });
  const { errors } = form.formState;
  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);

  const existing = saved ? [saved] : (units.data ?? []);
  if (existing.length > 0) {
    return (
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onDone();
        }}
        className="flex flex-col gap-3"
        data-testid="onboarding-property-done"
      >
        <p className="text-sm text-stone-700">{saved ? t('property.saved') : t('property.existing')}</p>
        <ul className="flex flex-col gap-1 rounded-md border border-stone-200 p-3 text-sm">
          {existing.slice(0, 3).map((unit) => (
            <li key={unit.id} className="flex justify-between gap-3" data-testid="onboarding-unit">
              <span className="font-medium text-stone-900">{unit.name}</span>
              <span className="text-stone-600">
                {t('property.per_night', { price: formatMoney(unit.price_per_night, currency, currentLanguage()) })}
              </span>
            </li>
          ))}
        </ul>
        <FullScreenLink onClick={onOpenFullScreen} label={t('property.open_units')} />
      </form>
    );
  }

  const handleSubmit = form.handleSubmit(async (values) => {
    if (!organization) return;
    try {
      setSaved(await create.mutateAsync({ ...values, organizationId: organization.id }));
    } catch {
      // Shown below.
    }
  });

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <form
      id={formId}
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="onboarding-property-form"
    >
      <fieldset disabled={create.isPending || units.isPending} className="flex flex-col gap-4">
        <Field label={t('property.name')} error={fieldError(errors.name?.message)}>
          <Input {...form.register('name')} data-testid="unit-name" />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('property.type')}>
            <Select {...form.register('type')} data-testid="unit-type">
              {Constants.public.Enums.unit_type.map((type) => (
                <option key={type} value={type}>
                  {t(`unit_types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('property.city')}>
            <Input {...form.register('address_city')} autoComplete="address-level2" data-testid="unit-city" />
          </Field>
          <Field label={t('property.price')} error={fieldError(errors.price_per_night?.message)}>
            <Input {...form.register('price_per_night')} inputMode="decimal" dir="ltr" data-testid="unit-price" />
          </Field>
          <Field label={t('property.max_guests')} error={fieldError(errors.max_guests?.message)}>
            <Input {...form.register('max_guests')} inputMode="numeric" dir="ltr" data-testid="unit-guests" />
          </Field>
        </div>
      </fieldset>
      <StepError title={t('errors.create_property')} error={create.error ?? units.error} />
      <FullScreenLink onClick={onOpenFullScreen} label={t('property.open_units')} />
    </form>
  );
}
