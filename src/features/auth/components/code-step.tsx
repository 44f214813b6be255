import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatPhone } from '@/domain/phone';
import { useSendPhoneCode, useVerifyPhoneCode } from '../api/phone-otp';
import { authErrorReason, isWrongCode } from '../lib/auth-error';
import { useCountdown } from '../lib/use-countdown';
import { otpCodeSchema } from '../schemas';
import { FormAlert } from './form-alert';
import { OtpInput } from './otp-input';

/** SPEC §1: the resend button waits 60 seconds after every send. */
export const RESEND_SECONDS = 60;

export interface CodeStepProps {
  phone: string;
  remember: boolean;
  onChangeNumber: () => void;
}

type Failure = { title: string; reason?: string; testId: string };

export function CodeStep({ phone, remember, onChangeNumber }: CodeStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resent, setResent] = useState(false);
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const verify = useVerifyPhoneCode();
  const resend = useSendPhoneCode();
  const hintId = useId();

  const submit = async (value: string) => {
    if (verify.isPending) return;
    if (!otpCodeSchema.safeParse(value).success) {
      // After a refused code the boxes are empty again; pressing Verify then must not replace the
      // real reason ("Verification Failed: the code is wrong or has expired") with "enter the
      // complete code". It stays until the person types again.
      if (!failure || failure.testId === 'code-incomplete') {
        setFailure({ title: t('validation.code_incomplete'), testId: 'code-incomplete' });
      }
      return;
    }
    setFailure(null);
    setResent(false);
    try {
      await verify.mutateAsync({ phone, code: value, remember });
      // Signed in: the login page follows the new session to where the user was going.
    } catch (error) {
      setCode('');
      setFailure(
        isWrongCode(error)
          ? { title: t('errors.verification_failed'), reason: authErrorReason(error, t), testId: 'verify-error' }
          : { title: t('errors.verify_failed'), reason: authErrorReason(error, t), testId: 'verify-error' },
      );
    }
  };

  const handleResend = async () => {
    setFailure(null);
    setResent(false);
    try {
      await resend.mutateAsync(phone);
      setCode('');
      setResent(true);
      restart();
    } catch (error) {
      setFailure({ title: t('errors.resend_failed'), reason: authErrorReason(error, t), testId: 'resend-error' });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
      noValidate
      className="flex flex-col gap-5"
      data-testid="code-form"
    >
      <div className="text-sm text-stone-700">
        <p id={hintId}>
          {t('login.code_sent_to')}{' '}
          <bdi dir="ltr" className="font-semibold text-stone-900" data-testid="code-phone">
            {formatPhone(phone)}
          </bdi>
        </p>
        <Button variant="link" className="h-auto px-0" onClick={onChangeNumber} data-testid="change-number">
          {t('login.change_number')}
        </Button>
      </div>
      <OtpInput
        value={code}
        onChange={(value) => {
          setCode(value);
          // Typing starts a new attempt: the last failure (its reason included) has been read.
          setFailure(null);
        }}
        onComplete={(value) => void submit(value)}
        label={t('login.code_label')}
        digitLabel={(index) => t('login.code_digit', { index: index + 1, total: 6 })}
        invalid={failure !== null}
        disabled={verify.isPending}
        describedBy={hintId}
        autoFocus
        testId="otp"
      />
      {failure ? <FormAlert title={failure.title} reason={failure.reason} testId={failure.testId} /> : null}
      {resent ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="code-resent">
          {t('login.code_resent')}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={verify.isPending} data-testid="verify-code">
        {verify.isPending ? t('login.verifying') : t('login.verify')}
      </Button>
      <div className="text-center text-sm" aria-live="polite">
        {remaining > 0 ? (
          <p className="text-stone-600" data-testid="resend-countdown">
            {t('login.resend_in', { count: remaining })}
          </p>
        ) : null}
        <Button
          variant="link"
          disabled={remaining > 0 || resend.isPending}
          onClick={() => void handleResend()}
          data-testid="resend-code"
        >
          {resend.isPending ? t('login.sending') : t('login.resend')}
        </Button>
      </div>
    </form>
  );
}
