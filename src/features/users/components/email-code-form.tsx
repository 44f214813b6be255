import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/errors';
import { useSendEmailCode, useVerifyEmailCode } from '../api/email-code';
import { isolateLtr } from '../lib/team-row';
import { emailCodeSchema } from '../schemas';

/** auth-js errors by their code: a wrong or dead code, and the auth service's rate limits. */
function codeError(error: unknown, t: (key: string) => string): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'otp_expired') return t('accept.code_invalid');
  if (typeof code === 'string' && code.startsWith('over_')) return t('accept.rate_limited');
  return getErrorMessage(error);
}

/**
 * Sign in or up with the invited address: a one-time code by e-mail, typed here (the e-mail's
 * link leads back to this page too). The address is the invitation's: nothing else can accept it.
 */
export function EmailCodeForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation('users');
  const send = useSendEmailCode();
  const verify = useVerifyEmailCode();
  const [fullName, setFullName] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSend = async (event?: React.FormEvent) => {
    event?.preventDefault();
    setError(null);
    try {
      await send.mutateAsync({ email, fullName: fullName.trim(), token });
      setSent(true);
    } catch (failure) {
      setError(codeError(failure, t));
    }
  };
  const handleVerify = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = emailCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('accept.code_format'));
      return;
    }
    try {
      await verify.mutateAsync({ email, code: parsed.data });
    } catch (failure) {
      setError(codeError(failure, t));
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="invite-sign-in">
      <div>
        <h2 className="text-lg font-semibold text-stone-900">
          {t('accept.sign_in_title', { email: isolateLtr(email) })}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('accept.sign_in_description')}</p>
      </div>
      {sent ? (
        <form noValidate onSubmit={handleVerify} className="flex flex-col gap-4">
          <p role="status" className="rounded-md bg-primary-50 px-3 py-2 text-sm text-primary-900">
            {t('accept.code_sent', { email: isolateLtr(email) })}
          </p>
          <Field label={t('accept.code')} error={error ?? undefined}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={12}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              data-testid="invite-code"
            />
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <Button type="submit" disabled={verify.isPending} data-testid="invite-verify">
              {verify.isPending ? t('accept.verifying') : t('accept.verify')}
            </Button>
            <Button variant="ghost" disabled={send.isPending} onClick={() => void handleSend()}>
              {t('accept.new_code')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void handleSend(event)} className="flex flex-col gap-4">
          <Field label={t('accept.full_name')} error={error ?? undefined}>
            <Input
              autoComplete="name"
              maxLength={200}
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
              data-testid="invite-full-name"
            />
          </Field>
          <Button type="submit" disabled={send.isPending} data-testid="invite-send-code">
            {send.isPending ? t('accept.sending') : t('accept.send_code')}
          </Button>
        </form>
      )}
    </div>
  );
}
