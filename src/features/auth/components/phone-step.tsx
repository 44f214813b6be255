import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { normalizeSaudiPhone } from '@/domain/phone';
import { useSendPhoneCode } from '../api/phone-otp';
import { authErrorReason } from '../lib/auth-error';
import { phoneFormSchema, type PhoneFormValues } from '../schemas';
import { FormAlert } from './form-alert';
import { RememberMe } from './remember-me';

export interface PhoneStepProps {
  defaultValues: PhoneFormValues;
  /** The code was sent to `phone` (E.164). */
  onSent: (values: { phone: string; remember: boolean }) => void;
}

export function PhoneStep({ defaultValues, onSent }: PhoneStepProps) {
  // A prerendered /login: nothing to type or submit before the handlers exist (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const { t } = useTranslation('auth');
  const send = useSendPhoneCode();
  const form = useForm<PhoneFormValues>({ resolver: zodResolver(phoneFormSchema), defaultValues });
  const phoneError = form.formState.errors.phone?.message;

  const handleSubmit = form.handleSubmit(async (values) => {
    const phone = normalizeSaudiPhone(values.phone);
    if (!phone) return;
    try {
      await send.mutateAsync(phone);
      onSent({ phone, remember: values.remember });
    } catch {
      // Shown below from the mutation's error.
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-5"
      data-testid="phone-form"
    >
      <fieldset disabled={send.isPending || !hydrated} className="flex flex-col gap-5">
        <Field
          label={t('login.phone_label')}
          hint={t('login.phone_hint')}
          error={phoneError ? t(phoneError) : undefined}
        >
          <Input
            {...form.register('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="05X XXX XXXX"
            className="text-start rtl:text-end"
            data-testid="phone-input"
          />
        </Field>
        <Controller
          control={form.control}
          name="remember"
          render={({ field }) => <RememberMe checked={field.value} onChange={field.onChange} />}
        />
      </fieldset>
      {send.error ? (
        <FormAlert title={t('errors.send_failed')} reason={authErrorReason(send.error, t)} testId="send-error" />
      ) : null}
      <Button type="submit" size="lg" disabled={send.isPending || !hydrated} data-testid="send-code">
        {send.isPending ? t('login.sending') : t('login.send_code')}
      </Button>
    </form>
  );
}
