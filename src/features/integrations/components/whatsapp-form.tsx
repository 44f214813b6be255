import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveMessagingProvider } from '../api/save-messaging-provider';
import { whatsappFormSchema, type MessagingProviders, type WhatsappFormInput } from '../lib/messaging-provider-schema';
import { IntegrationError } from './integration-error';

/**
 * The WhatsApp Business number: its ids from Meta's app dashboard and the system user's access
 * token, write-only (never read back; blank keeps the stored one).
 */
export function WhatsappForm({ settings, onSaved }: { settings: MessagingProviders | null; onSaved: () => void }) {
  const { t } = useTranslation('integrations');
  const save = useSaveMessagingProvider();
  const connected = Boolean(settings?.whatsapp_phone_number_id);
  const form = useForm<WhatsappFormInput>({
    resolver: zodResolver(whatsappFormSchema(connected)),
    defaultValues: {
      phone_number_id: settings?.whatsapp_phone_number_id ?? '',
      business_account_id: settings?.whatsapp_business_account_id ?? '',
      display_phone: settings?.whatsapp_display_phone ?? '',
      access_token: '',
    },
  });
  const errors = form.formState.errors;
  const message = (key?: string) => (key ? t(`messaging.errors.${key}`) : undefined);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { provider: 'whatsapp', values },
      {
        onSuccess: () => {
          toast.success(t('messaging.saved'));
          form.reset({ ...values, access_token: '' });
          onSaved();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="whatsapp-form">
      <fieldset disabled={save.isPending} className="grid gap-3 sm:grid-cols-2">
        <Field label={t('messaging.whatsapp.phone_number_id')} error={message(errors.phone_number_id?.message)}>
          <Input dir="ltr" inputMode="numeric" autoComplete="off" {...form.register('phone_number_id')} />
        </Field>
        <Field label={t('messaging.whatsapp.business_account_id')} error={message(errors.business_account_id?.message)}>
          <Input dir="ltr" inputMode="numeric" autoComplete="off" {...form.register('business_account_id')} />
        </Field>
        <Field
          label={t('messaging.whatsapp.display_phone')}
          hint={t('messaging.whatsapp.display_phone_hint')}
          error={message(errors.display_phone?.message)}
        >
          <Input dir="ltr" type="tel" autoComplete="off" {...form.register('display_phone')} />
        </Field>
        <Field
          label={t('messaging.whatsapp.access_token')}
          hint={connected ? t('messaging.token_stored') : t('messaging.whatsapp.access_token_hint')}
          error={message(errors.access_token?.message)}
        >
          <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('access_token')} />
        </Field>
      </fieldset>
      {save.error ? <IntegrationError error={save.error} testId="whatsapp-save-error" /> : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending} data-testid="whatsapp-save">
        {save.isPending ? t('messaging.saving') : t('messaging.save')}
      </Button>
    </form>
  );
}
