import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Circle, CircleAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { normalizeDigits } from '@/domain/tax-profile';
import { cn } from '@/lib/cn';
import { LOCALES } from '@/lib/format';
import { getErrorMessage } from '@/lib/errors';
import type { EinvoicingOverview, OnboardingState } from '../api/get-einvoicing-overview';
import { useStartOnboarding } from '../api/start-onboarding';
import { useFinanceFormat } from '../lib/use-finance-format';

/** The steps of ZATCA onboarding, in order, and how far each state has come. */
const STEPS = ['csr_created', 'compliance_csid', 'compliance_checked', 'production_csid'] as const;
const PROGRESS: Record<OnboardingState, number> = {
  not_started: 0,
  csr_created: 1,
  compliance_csid: 2,
  compliance_checked: 3,
  production_csid: 4,
  failed: 0,
};

const otpSchema = z.object({
  otp: z
    .string()
    .transform(normalizeDigits)
    .pipe(z.string().regex(/^\d{6}$/, { error: 'payments:compliance.onboarding.otp_invalid' })),
});

function StateBadge({ state }: { state: OnboardingState }) {
  const { t } = useTranslation('payments');
  const variant =
    state === 'production_csid'
      ? 'success'
      : state === 'failed'
        ? 'danger'
        : state === 'not_started'
          ? 'neutral'
          : 'warning';
  return (
    <Badge variant={variant} data-testid="onboarding-state">
      {t(`compliance.onboarding.states.${state}`)}
    </Badge>
  );
}

function OtpForm({ onboarded }: { onboarded: boolean }) {
  const { t } = useTranslation('payments');
  const start = useStartOnboarding();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<{ otp: string }, unknown, { otp: string }>({
    resolver: zodResolver(otpSchema),
    defaultValues: { otp: '' },
  });
  const error = form.formState.errors.otp?.message;
  const submit = form.handleSubmit(async ({ otp }) => {
    setRefusal(null);
    try {
      await start.mutateAsync(otp);
      form.reset({ otp: '' });
      toast.success(t('compliance.onboarding.done'));
    } catch (failure) {
      setRefusal(getErrorMessage(failure));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="onboarding-form">
      <p className="text-sm text-stone-700">{t('compliance.onboarding.otp_help')}</p>
      <div className="flex flex-wrap items-start gap-3">
        <Field label={t('compliance.onboarding.otp')} error={error ? t(error) : undefined} className="w-full sm:w-48">
          <Input
            {...form.register('otp')}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="onboarding-otp"
          />
        </Field>
        <Button type="submit" className="sm:mt-6" disabled={start.isPending} data-testid="onboarding-start">
          <ShieldCheck aria-hidden="true" />
          {start.isPending
            ? t('compliance.onboarding.working')
            : onboarded
              ? t('compliance.onboarding.renew')
              : t('compliance.onboarding.start')}
        </Button>
      </div>
      {start.isPending ? (
        <p className="text-sm text-stone-600" aria-live="polite">
          {t('compliance.onboarding.working_detail')}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="onboarding-error">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Where the organisation stands with ZATCA Phase 2, in plain words: the state and what it
 * means for the operator, the steps done, the environment and certificate expiry, the last
 * failure, and (settings.manage) the onboarding action with the OTP from the FATOORA portal.
 */
export function OnboardingCard({ overview, canManage }: { overview: EinvoicingOverview; canManage: boolean }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const state = overview.onboarding_status;
  const progress = PROGRESS[state];
  return (
    <section
      aria-labelledby="onboarding-heading"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="onboarding-card"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="onboarding-heading" className="text-base font-semibold text-stone-900">
          {t('compliance.onboarding.title')}
        </h3>
        <StateBadge state={state} />
      </div>
      <p className="mb-4 text-sm text-stone-700" data-testid="onboarding-explanation">
        {t(`compliance.onboarding.explain.${state}`)}
      </p>
      <ol className="mb-4 grid gap-2 sm:grid-cols-4" aria-label={t('compliance.onboarding.steps_label')}>
        {STEPS.map((step, index) => {
          const done = index < progress;
          const Icon = done ? CheckCircle2 : Circle;
          return (
            <li
              key={step}
              className={cn(
                'flex items-center gap-2 rounded-lg border p-2 text-sm',
                done ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-stone-200 text-stone-700',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span>
                {t(`compliance.onboarding.steps.${step}`)}
                <span className="sr-only">
                  {' '}
                  {done ? t('compliance.onboarding.step_done') : t('compliance.onboarding.step_pending')}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t('compliance.onboarding.environment')}</dt>
          <dd className="text-stone-900">
            {overview.environment
              ? t(`compliance.onboarding.environments.${overview.environment}`, { defaultValue: overview.environment })
              : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('compliance.onboarding.certificate_expires')}</dt>
          <dd className="text-stone-900">
            {overview.certificate_expires_at ? format.instant(overview.certificate_expires_at) : '—'}
          </dd>
        </div>
      </dl>
      {overview.onboarding_error ? (
        <div
          className="mb-4 flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800"
          data-testid="onboarding-last-error"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {t('compliance.onboarding.last_error')}{' '}
            <span dir="auto" className="break-words">
              {overview.onboarding_error}
            </span>
          </p>
        </div>
      ) : null}
      {!canManage ? (
        <p className="text-sm text-stone-600">{t('compliance.onboarding.manage_only')}</p>
      ) : !overview.profile_complete ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="onboarding-profile-missing">
          {t('compliance.onboarding.profile_first', {
            fields: new Intl.ListFormat(LOCALES[format.language], { type: 'conjunction' }).format(
              overview.missing.map((key) => t(`tax_profile.missing.${key}`, { defaultValue: key })),
            ),
          })}
        </p>
      ) : (
        <OtpForm onboarded={state === 'production_csid'} />
      )}
    </section>
  );
}
