import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useReactivateOrganization } from '../api/reactivate-organization';
import { useSuspendOrganization } from '../api/suspend-organization';
import { useConsoleFormat } from '../lib/use-console-format';
import type { OrganizationDetail } from '../schemas';
import { SuspendDialog } from './suspend-dialog';

/**
 * Suspend (with a reason) or reactivate. While suspended the organisation's staff see the reason
 * and nothing else, and its public page, requests and API keys are off.
 */
export function SuspensionCard({ detail }: { detail: OrganizationDetail }) {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const { organization } = detail;
  const name = format.orgName(organization);
  const [suspending, setSuspending] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  const suspend = useSuspendOrganization();
  const reactivate = useReactivateOrganization();
  const suspended = organization.status === 'suspended';

  const handleSuspend = (reason: string) =>
    suspend
      .mutateAsync({ id: organization.id, reason })
      .then(() => toast.success(t('toast.suspended', { organization: name })));
  const handleReactivate = () =>
    reactivate.mutate(
      { id: organization.id },
      { onSuccess: () => toast.success(t('toast.reactivated', { organization: name })) },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle level={3}>{t('suspension.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {suspended ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-950" data-testid="suspension-info">
            <p className="font-semibold">
              {t('suspension.since', {
                date: organization.suspended_at ? format.dateTime(organization.suspended_at) : '—',
                name: organization.suspended_by_name ?? '—',
              })}
            </p>
            <p className="mt-1 break-words">{organization.suspended_reason}</p>
          </div>
        ) : (
          <p className="text-stone-600">{t('suspension.explanation')}</p>
        )}
        <div>
          {suspended ? (
            <Button onClick={() => setReactivating(true)} disabled={reactivate.isPending} data-testid="reactivate">
              {t('suspension.reactivate')}
            </Button>
          ) : (
            <Button variant="destructive" onClick={() => setSuspending(true)} data-testid="suspend">
              {t('suspension.suspend')}
            </Button>
          )}
        </div>
      </CardContent>
      <SuspendDialog open={suspending} onOpenChange={setSuspending} organizationName={name} onSuspend={handleSuspend} />
      <ConfirmDialog
        open={reactivating}
        onOpenChange={setReactivating}
        title={t('suspension.reactivate_title', { organization: name })}
        description={t('suspension.reactivate_description')}
        confirmLabel={t('suspension.reactivate')}
        onConfirm={handleReactivate}
        confirmTestId="reactivate-confirm"
      />
    </Card>
  );
}
