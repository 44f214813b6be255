import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/errors';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_LANGUAGES, profileSchema, type ProfileInput, type ProfileValues } from '../profile-schema';

/** The member's name and preferred language; the language applies to the screens at once. */
export function ProfileForm({ userId, defaultValues }: { userId: string; defaultValues: ProfileInput }) {
  const { t } = useTranslation('settings');
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues,
  });
  const save = useUpdateProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const language = form.watch('preferred_language');

  const handleSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setSaved(false);
    try {
      await save.mutateAsync({ userId, values });
      form.reset(values);
      setSaved(true);
    } catch (error) {
      setServerError(t('profile.errors.save_failed', { reason: getErrorMessage(error) }));
    }
  });

  return (
    <Card data-testid="profile-form-card">
      <CardHeader>
        <CardTitle>{t('profile.title')}</CardTitle>
        <CardDescription>{t('profile.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate data-testid="profile-form">
          <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('profile.fields.full_name')}
              error={errors.full_name?.message ? t(errors.full_name.message) : undefined}
            >
              <Input autoComplete="name" data-testid="profile-full_name" {...form.register('full_name')} />
            </Field>
            <Field label={t('profile.fields.preferred_language')} hint={t('profile.hints.preferred_language')}>
              <Select data-testid="profile-preferred_language" {...form.register('preferred_language')}>
                {PROFILE_LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {t(`profile.languages.${code}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {language === 'es' ? (
              <p
                role="note"
                className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
                data-testid="profile-spanish-note"
              >
                {t('profile.spanish_note')}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button type="submit" data-testid="profile-save">
                {isSubmitting ? t('profile.saving') : t('profile.save')}
              </Button>
              {saved ? (
                <p role="status" className="text-sm text-emerald-800" data-testid="profile-saved">
                  {t('profile.saved')}
                </p>
              ) : null}
            </div>
            {serverError ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
                {serverError}
              </p>
            ) : null}
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
