import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatPhone } from '@/domain/phone';
import { useRequestContactChange, useVerifyContactChange, type ContactChannel } from '../api/change-contact';
import { changeCodeSchema, emailChangeSchema, phoneChangeSchema, type ChangeCodeInput } from '../profile-schema';
import { securityErrorReason } from './security-error';

type Step = { kind: 'idle' } | { kind: 'code'; value: string; sentTo: string } | { kind: 'done' };

/**
 * The member's phone or e-mail: shown, and changed only with a code the auth service sends
 * (to the new phone; to the new e-mail and, with double confirmation, to the current one).
 */
export function ContactChange({
  channel,
  current,
  userId,
}: {
  channel: ContactChannel;
  current: string | null;
  userId: string;
}) {
  const { t } = useTranslation('settings');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestContactChange();
  const verify = useVerifyContactChange();
  const valueForm = useForm<{ value: string }>({ defaultValues: { value: '' } });
  const codeForm = useForm<ChangeCodeInput, unknown, { code: string }>({
    resolver: zodResolver(changeCodeSchema),
    defaultValues: { code: '' },
  });
  const shown = current ? (channel === 'phone' ? formatPhone(current) : current) : t('contact.none');

  const handleRequest = valueForm.handleSubmit(async ({ value }) => {
    setError(null);
    const parsed =
      channel === 'phone'
        ? phoneChangeSchema.safeParse({ phone: value })
        : emailChangeSchema.safeParse({ email: value });
    if (!parsed.success) {
      valueForm.setError('value', { message: parsed.error.issues[0]?.message ?? 'common:validation.required' });
      return;
    }
    const next = 'phone' in parsed.data ? parsed.data.phone : parsed.data.email;
    try {
      await request.mutateAsync({ channel, value: next });
      setStep({ kind: 'code', value: next, sentTo: next });
      codeForm.reset({ code: '' });
    } catch (failure) {
      setError(securityErrorReason(failure, t));
    }
  });

  const handleVerify = codeForm.handleSubmit(async ({ code }) => {
    if (step.kind !== 'code') return;
    setError(null);
    try {
      const { done } = await verify.mutateAsync({ channel, value: step.sentTo, code, userId });
      if (done) {
        setStep({ kind: 'done' });
        setEditing(false);
        valueForm.reset({ value: '' });
      } else if (current) {
        // Double confirmation: the other code went to the current address.
        setStep({ kind: 'code', value: step.value, sentTo: current });
        codeForm.reset({ code: '' });
      }
    } catch (failure) {
      setError(securityErrorReason(failure, t));
    }
  });

  const label = t(`contact.${channel}.label`);
  const valueError = valueForm.formState.errors.value?.message;
  const codeError = codeForm.formState.errors.code?.message;

  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-4" data-testid={`contact-${channel}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="text-sm font-medium text-stone-900">{label}</p>
          <bdi dir="ltr" className="text-sm text-stone-700" data-testid={`contact-${channel}-current`}>
            {shown}
          </bdi>
        </div>
        {editing ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            data-testid={`contact-${channel}-change`}
          >
            {t(`contact.${channel}.change`)}
          </Button>
        )}
      </div>
      {step.kind === 'done' ? (
        <p role="status" className="text-sm text-emerald-800">
          {t(`contact.${channel}.changed`)}
        </p>
      ) : null}
      {editing && step.kind !== 'code' ? (
        <form onSubmit={handleRequest} noValidate className="flex flex-col gap-3 sm:max-w-md">
          <Field
            label={t(`contact.${channel}.new`)}
            hint={t(`contact.${channel}.hint`)}
            error={valueError ? t(valueError) : undefined}
          >
            <Input
              dir="ltr"
              type={channel === 'phone' ? 'tel' : 'email'}
              autoComplete={channel === 'phone' ? 'tel' : 'email'}
              data-testid={`contact-${channel}-input`}
              {...valueForm.register('value')}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={request.isPending} data-testid={`contact-${channel}-send`}>
              {t('contact.send_code')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('contact.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {step.kind === 'code' ? (
        <form onSubmit={handleVerify} noValidate className="flex flex-col gap-3 sm:max-w-md">
          <p className="text-sm text-stone-700">{t('contact.code_sent', { to: step.sentTo })}</p>
          <Field label={t('contact.code')} error={codeError ? t(codeError) : undefined}>
            <Input
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid={`contact-${channel}-code`}
              {...codeForm.register('code')}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={verify.isPending} data-testid={`contact-${channel}-verify`}>
              {t('contact.verify')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setStep({ kind: 'idle' });
                setEditing(false);
              }}
            >
              {t('contact.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
