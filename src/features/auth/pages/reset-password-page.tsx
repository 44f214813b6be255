import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getInitialUrlCallback, useAuth } from '@/lib/auth';
import { useRequestPasswordReset } from '../api/password';
import { FormAlert } from '../components/form-alert';
import { NewPasswordForm } from '../components/new-password-form';
import { authErrorReason } from '../lib/auth-error';
import { resetRequestSchema, type ResetRequestValues } from '../schemas';

function RequestResetForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const form = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  if (request.isSuccess) {
    return (
      <p role="status" className="text-sm text-emerald-800" data-testid="reset-sent">
        {t('reset_password.sent')}
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) =>
        void form.handleSubmit((values) => request.mutateAsync(values.email).catch(() => undefined))(event)
      }
      noValidate
      className="flex flex-col gap-4"
      data-testid="reset-request-form"
    >
      <Field
        label={t('login.email_label')}
        hint={t('reset_password.request_hint')}
        error={error ? t(error) : undefined}
      >
        <Input {...form.register('email')} type="email" autoComplete="email" dir="ltr" data-testid="reset-email" />
      </Field>
      {request.error ? <FormAlert title={t('errors.reset_failed')} reason={authErrorReason(request.error, t)} /> : null}
      <Button type="submit" disabled={request.isPending} data-testid="reset-send">
        {t('reset_password.send_link')}
      </Button>
    </form>
  );
}

/**
 * SPEC §2 /reset-password: without a session, ask for the reset link; arriving from the link
 * (auth-js signs the user in and reports PASSWORD_RECOVERY), choose the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const recovering =
    auth.status === 'signed_in' &&
    (auth.lastEvent === 'PASSWORD_RECOVERY' || getInitialUrlCallback()?.type === 'recovery');

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
      <PageHeader title={t('reset_password.title')} description={t('reset_password.description')} />
      <Card>
        <CardContent className="flex flex-col gap-4 p-6">
          {auth.status === 'loading' ? (
            <Spinner label={t('login.checking')} className="py-8" />
          ) : done ? (
            <>
              <p role="status" className="text-sm text-emerald-800" data-testid="password-updated">
                {t('reset_password.updated')}
              </p>
              <Button onClick={() => void navigate(paths.dashboard.root.getHref())}>{t('verify.continue')}</Button>
            </>
          ) : recovering ? (
            <NewPasswordForm onDone={() => setDone(true)} />
          ) : (
            <>
              <RequestResetForm />
              <Link
                to={paths.login.getHref()}
                className="text-center text-sm text-primary-700 underline-offset-4 hover:underline"
              >
                {t('verify.back_to_login')}
              </Link>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
