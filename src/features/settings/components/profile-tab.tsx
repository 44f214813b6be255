import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useProfile } from '../api/get-profile';
import { PROFILE_LANGUAGES, type ProfileLanguage } from '../profile-schema';
import { ContactChange } from './contact-change';
import { ProfileHijriSetting } from './hijri-dates-setting';
import { PasswordChange } from './password-change';
import { ProfileForm } from './profile-form';

function isProfileLanguage(value: string): value is ProfileLanguage {
  return (PROFILE_LANGUAGES as readonly string[]).includes(value);
}

/** Settings → Profile (issue 14): name and language, phone and e-mail changed by code, password. */
export function ProfileTab() {
  const { t } = useTranslation('settings');
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const profile = useProfile(userId);

  if (profile.isPending) return <Spinner label={t('profile.loading')} className="py-8" />;
  if (profile.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(profile.error)}
      </p>
    );
  }
  const row = profile.data;
  const language = isProfileLanguage(row.preferred_language) ? row.preferred_language : 'ar';
  const phone = auth.user?.phone ? `+${auth.user.phone.replace(/^\+/, '')}` : row.phone;
  const email = auth.user?.email || row.email;
  return (
    <div className="flex flex-col gap-6" data-testid="profile-settings">
      <ProfileForm
        key={`${row.full_name ?? ''}-${language}`}
        userId={userId}
        defaultValues={{ full_name: row.full_name ?? '', preferred_language: language }}
      />
      <ProfileHijriSetting />
      <Card data-testid="profile-contact">
        <CardHeader>
          <CardTitle>{t('contact.title')}</CardTitle>
          <CardDescription>{t('contact.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ContactChange channel="phone" current={phone} userId={userId} />
          <ContactChange channel="email" current={email || null} userId={userId} />
        </CardContent>
      </Card>
      <PasswordChange />
    </div>
  );
}
