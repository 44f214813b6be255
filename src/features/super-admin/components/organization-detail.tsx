import { ArrowLeft, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useOrganization } from '../api/get-organization';
import { useConsoleFormat } from '../lib/use-console-format';
import { ChangePlanCard } from './change-plan-card';
import { PlanBadge, StatusBadge } from './organization-badges';
import { SuspensionCard } from './suspension-card';
import { UsageCard } from './usage-card';

export interface OrganizationDetailProps {
  id: string;
  onBack: () => void;
  /** Opens the audit log filtered to this organisation. */
  onAudit: () => void;
}

/** One organisation: its owner and usage against its plan, the plan change and the suspension. */
export function OrganizationDetail({ id, onBack, onAudit }: OrganizationDetailProps) {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const detail = useOrganization(id);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="mb-4" data-testid="organization-back">
      <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
      {t('detail.back')}
    </Button>
  );
  if (detail.isPending) {
    return (
      <>
        {back}
        <Spinner label={t('common:loading')} className="py-12" />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {back}
        <EmptyState title={getErrorMessage(detail.error)} data-testid="organization-error" />
      </>
    );
  }
  const { organization } = detail.data;
  return (
    <section aria-labelledby="organization-title" data-testid="organization-detail">
      {back}
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h2 id="organization-title" className="text-xl font-bold text-stone-900">
          {format.orgName(organization)}
        </h2>
        <PlanBadge plan={organization.plan} />
        <StatusBadge status={organization.status} />
        <span className="text-sm text-stone-500" dir="ltr">
          /{organization.slug}
        </span>
        <Button variant="outline" size="sm" className="ms-auto" onClick={onAudit} data-testid="organization-audit">
          <ScrollText aria-hidden="true" />
          {t('detail.audit')}
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <UsageCard detail={detail.data} />
        <div className="flex flex-col gap-4">
          <ChangePlanCard detail={detail.data} />
          <SuspensionCard detail={detail.data} />
        </div>
      </div>
    </section>
  );
}
