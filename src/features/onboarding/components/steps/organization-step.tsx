import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { Constants } from '@/types/database';
import { useCreateOrganization } from '../../api/create-organization';
import { organizationFormSchema, slugify, type OrganizationFormValues } from '../../schemas';
import { Select } from '@/components/ui/select';
import { StepError } from '../step-error';
import type { StepProps } from './step-props';

const enums = Constants.public.Enums;

/**
 * Creates the organisation through create_organization(): name, an address (slug) generated
 * from the name and editable, currency, timezone and country. A member who already has one sees it.
 */
export function OrganizationStep({ formId, onDone, onBusyChange }: StepProps) {
  const { t } = useTranslation('onboarding');
  const auth = useAuth();
  const queryClient = useQueryClient();
  const create = useCreateOrganization();
  const slugEdited = useRef(false);
  const form = useForm<OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema),
    defaultValues: {
      name: '',
      slug: '',
      default_currency: DEFAULT_CURRENCY,
      default_timezone: DEFAULT_TIME_ZONE,
      country: 'SA',
    },
  });
  const { errors } = form.formState;
  const name = form.watch('name');

  // The address follows the name until the user edits it.
  useEffect(() => {
    if (!slugEdited.current) form.setValue('slug', slugify(name), { shouldValidate: form.formState.isSubmitted });
  }, [name, form]);

  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);

  if (auth.organization) {
    return (
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onDone();
        }}
        data-testid="onboarding-organization-existing"
      >
        <p className="text-sm text-stone-700">{t('organization.existing', { name: auth.organization.name })}</p>
      </form>
    );
  }

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ ...values, language: currentLanguage() });
      await auth.reloadAccount();
      // Everything cached while the user had no organisation (header, lists) is stale now.
      await queryClient.invalidateQueries();
      onDone();
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
      data-testid="onboarding-organization-form"
    >
      <fieldset disabled={create.isPending} className="flex flex-col gap-4">
        <Field label={t('organization.name')} error={fieldError(errors.name?.message)}>
          <Input {...form.register('name')} autoComplete="organization" data-testid="org-name" />
        </Field>
        <Field
          label={t('organization.slug')}
          hint={t('organization.slug_hint', { slug: form.watch('slug') || '…' })}
          error={fieldError(errors.slug?.message)}
        >
          <Input
            {...form.register('slug', { onChange: () => (slugEdited.current = true) })}
            dir="ltr"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="org-slug"
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field label={t('organization.currency')}>
            <Select {...form.register('default_currency')} data-testid="org-currency">
              {enums.currency_code.map((code) => (
                <option key={code} value={code}>
                  {t(`currencies.${code}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('organization.timezone')}>
            <Select {...form.register('default_timezone')} data-testid="org-timezone">
              {enums.org_timezone.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`timezones.${zone.replace('/', '_')}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('organization.country')}>
            <Select {...form.register('country')} data-testid="org-country">
              {enums.country_code.map((code) => (
                <option key={code} value={code}>
                  {t(`countries.${code}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </fieldset>
      <StepError title={t('errors.create_organization')} error={create.error} />
    </form>
  );
}
