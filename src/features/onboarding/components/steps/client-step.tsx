import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { useCreateClient, type ClientSummary } from '../../api/clients';
import { clientFormSchema, type ClientFormInput, type ClientFormValues } from '../../schemas';
import { StepError } from '../step-error';
import { FullScreenLink } from './full-screen-link';
import type { StepProps } from './step-props';

/** The first guest (optional): Continue with an empty form moves on without saving. */
export function ClientStep({ formId, onDone, onOpenFullScreen, onBusyChange }: StepProps) {
  const { t } = useTranslation('onboarding');
  const { organization } = useAuth();
  const create = useCreateClient();
  const [saved, setSaved] = useState<ClientSummary | null>(null);
  const form = useForm<ClientFormInput, unknown, ClientFormValues>({
    resolver: zodResolver(clientFormSchema),
    defaultValues: { name: '', phone: '', email: '', national_id: '', passport_number: '' },
  });
  const { errors } = form.formState;
  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);

  if (saved) {
    return (
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onDone();
        }}
        data-testid="onboarding-client-done"
      >
        <p className="text-sm text-stone-700">{t('client.saved', { name: saved.name })}</p>
      </form>
    );
  }

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Optional step: nothing typed means "not now".
    if (Object.values(form.getValues()).every((value) => (value ?? '').trim() === '')) {
      onDone();
      return;
    }
    await form.handleSubmit(async (values) => {
      if (!organization) return;
      try {
        setSaved(await create.mutateAsync({ ...values, organizationId: organization.id }));
      } catch {
        // Shown below.
      }
    })(event);
  };

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <form
      id={formId}
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="onboarding-client-form"
    >
      <p className="text-sm text-stone-600">{t('optional_hint')}</p>
      <fieldset disabled={create.isPending} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('client.name')} error={fieldError(errors.name?.message)}>
          <Input {...form.register('name')} autoComplete="off" data-testid="client-name" />
        </Field>
        <Field label={t('client.phone')} error={fieldError(errors.phone?.message)}>
          <Input {...form.register('phone')} type="tel" dir="ltr" data-testid="client-phone" />
        </Field>
        <Field label={t('client.email')} error={fieldError(errors.email?.message)}>
          <Input {...form.register('email')} type="email" dir="ltr" data-testid="client-email" />
        </Field>
        <Field label={t('client.national_id')} error={fieldError(errors.national_id?.message)}>
          <Input {...form.register('national_id')} dir="ltr" data-testid="client-national-id" />
        </Field>
        <Field label={t('client.passport')}>
          <Input {...form.register('passport_number')} dir="ltr" data-testid="client-passport" />
        </Field>
      </fieldset>
      <StepError title={t('errors.create_client')} error={create.error} />
      <FullScreenLink onClick={onOpenFullScreen} label={t('client.open_clients')} />
    </form>
  );
}
