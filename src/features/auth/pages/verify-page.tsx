import type { EmailOtpType } from '@supabase/supabase-js';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getInitialUrlCallback, useAuth } from '@/lib/auth';
import { verifyEmailLink } from '../api/email-link';
import { FormAlert } from '../components/form-alert';
import { NewPasswordForm } from '../components/new-password-form';
import { authErrorReason } from '../lib/auth-error';

type Outcome = { state: 'working' } | { state: 'failed'; reason: string } | { state: 'done' };

/**
 * SPEC §2 /verify: the landing place of e-mail links — sign-up confirmation, magic links and
 * invitations. Links with tokens in the hash are taken by auth-js itself; links with a
 * token_hash are verified here. An invited member chooses a password next (they may then sign
 * in with e-mail and password); a recovery link goes on to /reset-password.
 */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const [callback] = useState(getInitialUrlCallback);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    callback?.error ? { state: 'failed', reason: callback.error.description } : { state: 'working' },
  );

  useEffect(() => {
    if (outcome.state !== 'working' || !callback?.tokenHash || !callback.type) return;
    let active = true;
    verifyEmailLink(callback.tokenHash, callback.type as EmailOtpType).then(
      () => active && setOutcome({ state: 'done' }),
      (error: unknown) => active && setOutcome({ state: 'failed', reason: authErrorReason(error, t) }),
    );
    return () => {
      active = false;
    };
  }, [callback, outcome.state, t]);

  const body = (() => {
    if (outcome.state === 'failed') {
      return (
        <>
          <FormAlert title={t('errors.verification_failed')} reason={outcome.reason} testId="verify-link-error" />
          <Button asChild variant="outline">
            <Link to={paths.login.getHref()}>{t('verify.back_to_login')}</Link>
          </Button>
        </>
      );
    }
    if (auth.status === 'loading' || (outcome.state === 'working' && callback?.tokenHash)) {
      return <Spinner label={t('verify.working')} className="py-8" />;
    }
    if (auth.status !== 'signed_in') {
      return (
        <>
          <FormAlert title={t('errors.verification_failed')} reason={t('verify.no_link')} testId="verify-link-error" />
          <Button asChild variant="outline">
            <Link to={paths.login.getHref()}>{t('verify.back_to_login')}</Link>
          </Button>
        </>
      );
    }
    if (callback?.type === 'recovery') return <Navigate to={paths.resetPassword.getHref()} replace />;
    if (callback?.type === 'invite') {
      return (
        <>
          <p className="text-sm text-stone-700">{t('verify.invite_set_password')}</p>
          <NewPasswordForm onDone={() => void navigate(paths.dashboard.root.getHref(), { replace: true })} />
        </>
      );
    }
    return (
      <>
        <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="verify-done">
          <CircleCheck aria-hidden="true" className="size-5" />
          {t('verify.done')}
        </p>
        <Button asChild>
          <Link to={paths.dashboard.root.getHref()}>{t('verify.continue')}</Link>
        </Button>
      </>
    );
  })();

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
      <PageHeader title={t('verify.title')} description={t('verify.description')} />
      <Card>
        <CardContent className="flex flex-col gap-4 p-6">{body}</CardContent>
      </Card>
    </div>
  );
}
