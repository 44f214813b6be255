import { useAuth } from '@/lib/auth';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import {
  useCanManagePublicSite,
  usePublicSiteSettings,
  usePublicSiteSlugHistory,
} from '../api/get-public-site-settings';
import { PublicSiteForm } from './public-site-form';
import { PublicSiteLicencesSetting } from './public-site-licences-setting';

/** Settings → Public site: the organisation's booking page (issue 13). */
export function PublicSiteSettings() {
  const { t } = useTranslation('settings');
  const organizationId = useAuth().organization?.id ?? '';
  const site = usePublicSiteSettings(organizationId);
  const canManage = useCanManagePublicSite();
  const history = usePublicSiteSlugHistory(organizationId);

  if (site.isPending || canManage.isPending) {
    return <Spinner label={t('public_site_form.loading')} className="py-8" />;
  }
  if (site.isError || canManage.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(site.error ?? canManage.error)}
      </p>
    );
  }
  if (!site.data) return <p className="text-stone-600">{t('public_site_form.unavailable')}</p>;
  return (
    <section aria-labelledby="public-site-form-title" data-testid="public-site-settings">
      <h3 id="public-site-form-title" className="text-base font-semibold text-stone-900">
        {t('public_site_form.title')}
      </h3>
      <p className="mb-4 text-sm text-stone-600">{t('public_site_form.description')}</p>
      {canManage.data ? null : (
        <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('public_site_form.no_permission')}
        </p>
      )}
      <PublicSiteForm
        key={site.data.id}
        site={site.data}
        readOnly={!canManage.data}
        oldSlugs={history.data?.map((row) => row.slug) ?? []}
      />
      <PublicSiteLicencesSetting
        siteId={site.data.id}
        organizationId={organizationId}
        hide={site.data.hide_unlicensed_units}
        readOnly={!canManage.data}
      />
    </section>
  );
}
