import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useSignInWithEmailPassword } from '../api/password';
import { authErrorReason } from '../lib/auth-error';
import { emailPasswordSchema, type EmailPasswordValues } from '../schemas';
import { FormAlert } from './form-alert';
import { RememberMe } from './remember-me';

/** Invited staff who set a password sign in with their e-mail (SPEC §1). */
export function EmailPasswordForm() {
  // A prerendered /login: nothing to type or submit before the handlers exist (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const { t } = useTranslation('auth');
  const signIn = useSignInWithEmailPassword();
  const form = useForm<EmailPasswordValues>({
    resolver: zodResolver(emailPasswordSchema),
    defaultValues: { email: '', password: '', remember: true },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      // Shown below.
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-5"
      data-testid="email-form"
    >
      <fieldset disabled={signIn.isPending || !hydrated} className="flex flex-col gap-4">
        <Field label={t('login.email_label')} error={errors.email?.message ? t(errors.email.message) : undefined}>
          <Input {...form.register('email')} type="email" autoComplete="username" dir="ltr" data-testid="email-input" />
        </Field>
        <Field
          label={t('login.password_label')}
          error={errors.password?.message ? t(errors.password.message) : undefined}
        >
          <Input
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            dir="ltr"
            data-testid="password-input"
          />
        </Field>
        <Controller
          control={form.control}
          name="remember"
          render={({ field }) => <RememberMe checked={field.value} onChange={field.onChange} />}
        />
      </fieldset>
      {signIn.error ? (
        <FormAlert title={t('errors.sign_in_failed')} reason={authErrorReason(signIn.error, t)} testId="email-error" />
      ) : null}
      <Button type="submit" size="lg" disabled={signIn.isPending || !hydrated} data-testid="email-sign-in">
        {t('login.sign_in')}
      </Button>
      <Link
        to={paths.resetPassword.getHref()}
        className="text-center text-sm text-primary-700 underline-offset-4 hover:underline"
      >
        {t('login.forgot_password')}
      </Link>
    </form>
  );
}
