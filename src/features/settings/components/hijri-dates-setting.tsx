import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { formatHijri } from '@/lib/hijri';
import type { Language } from '@/lib/i18n';
import { useUpdateHijriDates } from '../api/update-hijri-dates';

type Choice = 'follow' | 'show' | 'hide';

function choiceOf(value: boolean | null | undefined): Choice {
  return value === true ? 'show' : value === false ? 'hide' : 'follow';
}

function SaveState({ saved, error }: { saved: boolean; error: string | null }) {
  const { t } = useTranslation('settings');
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {t('hijri.save_failed', { reason: error })}
      </p>
    );
  }
  return saved ? (
    <p role="status" className="text-sm text-emerald-800" data-testid="hijri-saved">
      {t('hijri.saved')}
    </p>
  ) : null;
}

/** Settings → Organisation: the organisation's default for Hijri dates beside Gregorian ones (issue 17). */
export function OrganizationHijriSetting({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const { organization } = useAuth();
  const save = useUpdateHijriDates();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = organization?.hijri_dates ?? false;
  const example = formatHijri(new Date(), i18n.language as Language, 'long');

  return (
    <Card className="mt-6" data-testid="organization-hijri">
      <CardHeader>
        <CardTitle>{t('hijri.title')}</CardTitle>
        <CardDescription>{t('hijri.organization_description', { example })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={checked}
            disabled={readOnly || save.isPending || !organization}
            data-testid="organization-hijri-toggle"
            onChange={(event) => {
              if (!organization) return;
              setSaved(false);
              setError(null);
              save.mutate(
                { scope: 'organization', organizationId: organization.id, value: event.target.checked },
                { onSuccess: () => setSaved(true), onError: (reason) => setError(getErrorMessage(reason)) },
              );
            }}
          />
          {t('hijri.organization_label')}
        </label>
        <SaveState saved={saved} error={error} />
      </CardContent>
    </Card>
  );
}

/** Settings → Profile: the member's own choice, or the organisation's default (issue 17). */
export function ProfileHijriSetting() {
  const { t } = useTranslation('settings');
  const { user, profile, organization } = useAuth();
  const save = useUpdateHijriDates();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const organizationDefault = organization?.hijri_dates ?? false;

  return (
    <Card data-testid="profile-hijri">
      <CardHeader>
        <CardTitle>{t('hijri.title')}</CardTitle>
        <CardDescription>{t('hijri.profile_description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Field label={t('hijri.profile_label')} className="sm:max-w-sm">
          <Select
            value={choiceOf(profile?.hijri_dates)}
            disabled={save.isPending || !user}
            data-testid="profile-hijri-choice"
            onChange={(event) => {
              if (!user) return;
              const choice = event.target.value as Choice;
              setSaved(false);
              setError(null);
              save.mutate(
                { scope: 'profile', userId: user.id, value: choice === 'follow' ? null : choice === 'show' },
                { onSuccess: () => setSaved(true), onError: (reason) => setError(getErrorMessage(reason)) },
              );
            }}
          >
            <option value="follow">
              {t(organizationDefault ? 'hijri.choices.follow_on' : 'hijri.choices.follow_off')}
            </option>
            <option value="show">{t('hijri.choices.show')}</option>
            <option value="hide">{t('hijri.choices.hide')}</option>
          </Select>
        </Field>
        <SaveState saved={saved} error={error} />
      </CardContent>
    </Card>
  );
}
