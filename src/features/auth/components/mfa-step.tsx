import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useVerifiedTotpFactors, useVerifyTotpSignIn } from '../api/mfa-sign-in';
import { authErrorReason, isWrongCode } from '../lib/auth-error';
import { otpCodeSchema } from '../schemas';
import { FormAlert } from './form-alert';
import { OtpInput } from './otp-input';

/** The second sign-in step for users with a verified authenticator app (SPEC §4: aal2). */
export function MfaStep() {
  const { t } = useTranslation('auth');
  const { signOut } = useAuth();
  const factors = useVerifiedTotpFactors(true);
  const verify = useVerifyTotpSignIn();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<{ title: string; reason?: string; incomplete?: boolean } | null>(null);
  const factor = factors.data?.[0];

  const submit = async (value: string) => {
    if (!factor || verify.isPending) return;
    if (!otpCodeSchema.safeParse(value).success) {
      // Keep a refused code's real reason on the emptied boxes until the person types again.
      if (!failure || failure.incomplete) setFailure({ title: t('validation.code_incomplete'), incomplete: true });
      return;
    }
    setFailure(null);
    try {
      await verify.mutateAsync({ factorId: factor.id, code: value });
    } catch (error) {
      setCode('');
      setFailure({
        title: isWrongCode(error) ? t('errors.verification_failed') : t('errors.verify_failed'),
        reason: authErrorReason(error, t),
      });
    }
  };

  if (factors.isPending) return <Spinner label={t('mfa.loading')} className="py-8" />;
  if (factors.error || !factor) {
    return (
      <FormAlert
        title={t('errors.verify_failed')}
        reason={factors.error ? authErrorReason(factors.error, t) : t('mfa.no_factor')}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
      noValidate
      className="flex flex-col gap-5"
      data-testid="mfa-form"
    >
      <div>
        <h2 className="text-lg font-semibold text-stone-900">{t('mfa.title')}</h2>
        <p className="text-sm text-stone-600">{t('mfa.description')}</p>
      </div>
      <OtpInput
        value={code}
        onChange={(value) => {
          setCode(value);
          setFailure(null);
        }}
        onComplete={(value) => void submit(value)}
        label={t('mfa.code_label')}
        digitLabel={(index) => t('login.code_digit', { index: index + 1, total: 6 })}
        invalid={failure !== null}
        disabled={verify.isPending}
        autoFocus
        testId="mfa-otp"
      />
      {failure ? <FormAlert title={failure.title} reason={failure.reason} testId="mfa-error" /> : null}
      <Button type="submit" size="lg" disabled={verify.isPending} data-testid="mfa-verify">
        {verify.isPending ? t('login.verifying') : t('login.verify')}
      </Button>
      <Button variant="ghost" onClick={() => void signOut('local')}>
        {t('mfa.use_another_account')}
      </Button>
    </form>
  );
}
