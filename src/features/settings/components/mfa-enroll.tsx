import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toWesternDigits } from '@/lib/digits';
import { useEnrollTotp, useVerifyFactor } from '../api/mfa-factors';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

type Enrolment = { id: string; secret: string; uri: string };

/**
 * TOTP enrolment: the QR code (drawn here from the otpauth:// URI) and the secret for manual
 * entry, then the first code from the app, which verifies the factor (the session becomes aal2).
 */
export function MfaEnroll({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('settings');
  const enroll = useEnrollTotp();
  const verify = useVerifyFactor();
  const [name, setName] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  useEffect(() => {
    if (!enrolment) return;
    let active = true;
    QRCode.toDataURL(enrolment.uri, { margin: 1, width: 192 }).then(
      (url) => active && setQr(url),
      () => active && setQr(null),
    );
    return () => {
      active = false;
    };
  }, [enrolment]);

  const handleStart = async () => {
    try {
      const data = await enroll.mutateAsync(name.trim() || t('security.mfa.default_name'));
      setEnrolment({ id: data.id, secret: data.totp.secret, uri: data.totp.uri });
    } catch {
      // Shown below.
    }
  };

  const handleVerify = async () => {
    if (!enrolment) return;
    const clean = toWesternDigits(code).replace(/\D/g, '');
    if (clean.length !== 6) {
      setCodeError(t('security.mfa.code_incomplete'));
      return;
    }
    setCodeError(null);
    try {
      await verify.mutateAsync({ factorId: enrolment.id, code: clean });
      onDone();
    } catch {
      setCode('');
    }
  };

  if (!enrolment) {
    return (
      <div className="flex flex-col gap-3" data-testid="mfa-enroll-start">
        <Field label={t('security.mfa.name_label')} hint={t('security.mfa.name_hint')}>
          <Input
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            data-testid="mfa-name"
          />
        </Field>
        {enroll.error ? (
          <SecurityAlert title={t('security.errors.enroll_failed')} reason={securityErrorReason(enroll.error, t)} />
        ) : null}
        <Button
          className="self-start"
          onClick={() => void handleStart()}
          disabled={enroll.isPending}
          data-testid="mfa-start"
        >
          {t('security.mfa.start')}
        </Button>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void handleVerify();
      }}
      noValidate
      data-testid="mfa-enroll-verify"
    >
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-sm text-stone-700">
        <li>{t('security.mfa.step_scan')}</li>
        <li>{t('security.mfa.step_code')}</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        {qr ? (
          <img
            src={qr}
            alt={t('security.mfa.qr_alt')}
            className="size-48 rounded-md border border-stone-200"
            data-testid="mfa-qr"
          />
        ) : null}
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-stone-900">{t('security.mfa.secret_label')}</p>
          <code
            dir="ltr"
            className="mt-1 block rounded bg-stone-100 p-2 font-mono text-xs break-all text-stone-900"
            data-testid="mfa-secret"
          >
            {enrolment.secret}
          </code>
        </div>
      </div>
      <Field label={t('security.mfa.code_label')} error={codeError ?? undefined}>
        <Input
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          data-testid="mfa-code"
        />
      </Field>
      {verify.error ? (
        <SecurityAlert
          title={t('security.errors.verify_failed')}
          reason={securityErrorReason(verify.error, t)}
          testId="mfa-verify-error"
        />
      ) : null}
      <Button type="submit" className="self-start" disabled={verify.isPending} data-testid="mfa-verify">
        {t('security.mfa.verify')}
      </Button>
    </form>
  );
}
