import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '@/components/password-rules';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSetNewPassword } from '../api/password';
import { authErrorReason } from '../lib/auth-error';
import { newPasswordSchema, type NewPasswordValues } from '../schemas';
import { FormAlert } from './form-alert';

/** New password + confirmation, for a recovery link or an invitation (the session is already there). */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const save = useSetNewPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.password);
      onDone();
    } catch {
      // Shown below.
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="new-password-form"
    >
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <Field label={t('password.new')} error={errors.password?.message ? t(errors.password.message) : undefined}>
          <Input
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
            data-testid="new-password"
          />
        </Field>
        <PasswordRules value={password} />
        <Field label={t('password.confirm')} error={errors.confirm?.message ? t(errors.confirm.message) : undefined}>
          <Input
            {...form.register('confirm')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
            data-testid="confirm-password"
          />
        </Field>
      </fieldset>
      {save.error ? <FormAlert title={t('errors.password_failed')} reason={authErrorReason(save.error, t)} /> : null}
      <Button type="submit" disabled={save.isPending} data-testid="save-password">
        {t('password.save')}
      </Button>
    </form>
  );
}
