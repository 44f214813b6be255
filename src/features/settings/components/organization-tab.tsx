import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useCanManageSettings, useOrganizationSettingsRow } from '../api/get-organization-settings';
import { OrganizationHijriSetting } from './hijri-dates-setting';
import { OrganizationForm } from './organization-form';

/** Settings → Organisation (issue 14): editable with settings.manage, read-only with the reason otherwise. */
export function OrganizationTab() {
  const { t } = useTranslation('settings');
  const auth = useAuth();
  const organizationId = auth.organization?.id ?? '';
  const row = useOrganizationSettingsRow(organizationId);
  const canManage = useCanManageSettings(auth.user?.id ?? '');

  if (row.isPending || canManage.isPending) return <Spinner label={t('organization.loading')} className="py-8" />;
  if (row.isError || canManage.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(row.error ?? canManage.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="organization-settings-title" data-testid="organization-settings">
      <h3 id="organization-settings-title" className="text-base font-semibold text-stone-900">
        {t('organization.title')}
      </h3>
      <p className="mb-4 text-sm text-stone-600">{t('organization.description')}</p>
      {canManage.data ? null : (
        <p
          role="note"
          className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="organization-read-only"
        >
          {t('organization.no_permission')}
        </p>
      )}
      <OrganizationForm key={row.data.id} row={row.data} readOnly={!canManage.data} />
      <OrganizationHijriSetting readOnly={!canManage.data} />
    </section>
  );
}
