import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/errors';
import { useSaveHideUnlicensed } from '../api/save-hide-unlicensed';

/** Settings → Public site: hide units without a valid tourism licence from the public page (issue 17). */
export function PublicSiteLicencesSetting({
  siteId,
  organizationId,
  hide,
  readOnly,
}: {
  siteId: string;
  organizationId: string;
  hide: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('settings');
  const save = useSaveHideUnlicensed(organizationId);
  return (
    <Card className="mt-6" data-testid="public-site-licences">
      <CardHeader>
        <CardTitle>{t('public_site_licences.title')}</CardTitle>
        <CardDescription>{t('public_site_licences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={hide}
            disabled={readOnly || save.isPending}
            data-testid="hide-unlicensed-units"
            onChange={(event) => save.mutate({ id: siteId, hide: event.target.checked })}
          />
          {t('public_site_licences.label')}
        </label>
        {save.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {t('hijri.save_failed', { reason: getErrorMessage(save.error) })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
