import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useSetOrganizationPlan } from '../api/set-organization-plan';
import { overages } from '../lib/plan-usage';
import { useConsoleFormat } from '../lib/use-console-format';
import { BILLING_CYCLES, PLANS, type BillingCycle, type OrganizationDetail, type Plan } from '../schemas';

/**
 * Change the plan and billing cycle. When the organisation already uses more than the new plan
 * allows, the confirmation says so; the super administrator may still go ahead.
 */
export function ChangePlanCard({ detail }: { detail: OrganizationDetail }) {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const { organization, usage, plans } = detail;
  const [plan, setPlan] = useState<Plan>(organization.plan);
  const [cycle, setCycle] = useState<BillingCycle>(organization.billing_cycle);
  const [confirming, setConfirming] = useState(false);
  const change = useSetOrganizationPlan();
  const unchanged = plan === organization.plan && cycle === organization.billing_cycle;
  const over = overages(usage, plans[plan]);
  const warning = over
    .map((o) => t(`plan.over_${o.kind}`, { used: format.number(o.used), limit: format.number(o.limit) }))
    .join(' ');
  const question = t('plan.confirm_description', {
    organization: format.orgName(organization),
    plan: t(`plans.${plan}`),
    cycle: t(`cycles.${cycle}`),
  });

  const handleConfirm = () => {
    change.mutate(
      { id: organization.id, plan, cycle },
      { onSuccess: () => toast.success(t('toast.plan_changed', { plan: t(`plans.${plan}`) })) },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={3}>{t('plan.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <Field label={t('plan.plan')} compact>
          <Select value={plan} onChange={(event) => setPlan(event.target.value as Plan)} data-testid="plan-select">
            {PLANS.map((value) => (
              <option key={value} value={value}>
                {t(`plans.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('plan.cycle')} compact>
          <Select
            value={cycle}
            onChange={(event) => setCycle(event.target.value as BillingCycle)}
            data-testid="cycle-select"
          >
            {BILLING_CYCLES.map((value) => (
              <option key={value} value={value}>
                {t(`cycles.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button disabled={unchanged || change.isPending} onClick={() => setConfirming(true)} data-testid="plan-change">
          {t('plan.change')}
        </Button>
        {over.length > 0 && !unchanged ? (
          <p role="status" className="w-full text-sm text-amber-800" data-testid="plan-over-limits">
            {warning}
          </p>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('plan.confirm_title')}
        description={warning ? `${question} ${warning}` : question}
        confirmLabel={t('plan.change')}
        onConfirm={handleConfirm}
        confirmTestId="plan-confirm"
      />
    </Card>
  );
}
