import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useEinvoicingOverview } from '../api/get-einvoicing-overview';
import type { FinancePermissions } from '../api/get-permissions';
import { useTaxProfile } from '../api/get-tax-profile';
import { FailedSubmissions } from './failed-submissions';
import { OnboardingCard } from './onboarding-card';
import { SectionError } from './section-error';
import { SubmissionsCard } from './submissions-card';
import { TaxProfileForm } from './tax-profile-form';

/**
 * Tax compliance (`?section=compliance`): the seller's tax profile (editable with
 * settings.manage), where the organisation stands with ZATCA e-invoicing, the chain's counter
 * and hash, the submissions per state and the failed ones with Retry.
 */
export function ComplianceSection({ permissions }: { permissions: FinancePermissions }) {
  const { t } = useTranslation('payments');
  const { organization } = useAuth();
  const profile = useTaxProfile(organization?.id);
  const overview = useEinvoicingOverview();

  return (
    <section aria-labelledby="compliance-heading" className="flex flex-col gap-4" data-testid="compliance-section">
      <div>
        <h2 id="compliance-heading" className="text-lg font-semibold text-stone-900">
          {t('compliance.title')}
        </h2>
        <p className="max-w-3xl text-sm text-stone-600">{t('compliance.description')}</p>
      </div>
      <section aria-labelledby="tax-profile-heading" className="rounded-xl border border-stone-200 bg-white p-4">
        <h3 id="tax-profile-heading" className="mb-1 text-base font-semibold text-stone-900">
          {t('tax_profile.title')}
        </h3>
        <p className="mb-4 text-sm text-stone-600">{t('tax_profile.description')}</p>
        {profile.isPending ? <Skeleton className="h-48 w-full" /> : null}
        {profile.isError ? (
          <SectionError title={t('tax_profile.error')} error={profile.error} onRetry={() => void profile.refetch()} />
        ) : null}
        {profile.data ? <TaxProfileForm defaultValues={profile.data} canEdit={permissions.settingsManage} /> : null}
      </section>
      {overview.isPending ? <Skeleton className="h-48 w-full" /> : null}
      {overview.isError ? (
        <SectionError title={t('compliance.error')} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : null}
      {overview.data ? (
        <>
          <OnboardingCard overview={overview.data} canManage={permissions.settingsManage} />
          <SubmissionsCard overview={overview.data} />
          {overview.data.failed ? (
            <FailedSubmissions failed={overview.data.failed} canRetry={permissions.invoicesWrite} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
