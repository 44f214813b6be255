import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSaveMessagingProvider } from '../api/save-messaging-provider';
import {
  SMS_GATEWAYS,
  smsFormSchema,
  type MessagingProviders,
  type SmsFormInput,
} from '../lib/messaging-provider-schema';
import { IntegrationError } from './integration-error';

/**
 * The SMS gateway (Taqnyat or Unifonic), the approved sender name, and whose account sends:
 * Nuzl's own, or the organisation's with its token (write-only; blank keeps the stored one).
 */
export function SmsForm({
  settings,
  ownAccount,
  onSaved,
}: {
  settings: MessagingProviders | null;
  /** The organisation's own token is stored (not Nuzl's account). */
  ownAccount: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('integrations');
  const save = useSaveMessagingProvider();
  const form = useForm<SmsFormInput>({
    resolver: zodResolver(smsFormSchema(ownAccount)),
    defaultValues: {
      provider: settings?.sms_provider ?? 'taqnyat',
      sender: settings?.sms_sender ?? '',
      use_platform: !ownAccount,
      token: '',
    },
  });
  const errors = form.formState.errors;
  const usePlatform = form.watch('use_platform');
  const message = (key?: string) => (key ? t(`messaging.errors.${key}`) : undefined);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { provider: 'sms', values },
      {
        onSuccess: () => {
          toast.success(t('messaging.saved'));
          form.reset({ ...values, token: '' });
          onSaved();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="sms-form">
      <fieldset disabled={save.isPending} className="grid gap-3 sm:grid-cols-2">
        <Field label={t('messaging.sms.gateway')}>
          <Select {...form.register('provider')} data-testid="sms-gateway">
            {SMS_GATEWAYS.map((gateway) => (
              <option key={gateway} value={gateway}>
                {t(`messaging.sms.gateways.${gateway}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('messaging.sms.sender')}
          hint={t('messaging.sms.sender_hint')}
          error={message(errors.sender?.message)}
        >
          <Input dir="ltr" autoComplete="off" {...form.register('sender')} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-stone-900 sm:col-span-2">
          <input type="checkbox" className="size-4 accent-primary-700" {...form.register('use_platform')} />
          {t('messaging.sms.use_platform')}
        </label>
        {usePlatform ? null : (
          <Field
            label={t('messaging.sms.token')}
            hint={ownAccount ? t('messaging.token_stored') : t('messaging.sms.token_hint')}
            error={message(errors.token?.message)}
          >
            <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('token')} />
          </Field>
        )}
      </fieldset>
      {save.error ? <IntegrationError error={save.error} testId="sms-save-error" /> : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending} data-testid="sms-save">
        {save.isPending ? t('messaging.saving') : t('messaging.save')}
      </Button>
    </form>
  );
}
