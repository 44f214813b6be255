import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getSafeRedirect, paths } from '@/config/paths';
import { needsMfa, useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { CodeStep } from '../components/code-step';
import { EmailPasswordForm } from '../components/email-password-form';
import { FormAlert } from '../components/form-alert';
import { MfaStep } from '../components/mfa-step';
import { PhoneStep } from '../components/phone-step';

/** Where to go after sign-in: `?redirect=`, else the guard's router state, else the dashboard. */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  return (
    getSafeRedirect(searchParams.get('redirect')) ??
    getSafeRedirect(typeof fromState === 'string' ? fromState : null) ??
    paths.dashboard.root.getHref()
  );
}

type Step = { name: 'phone' } | { name: 'code'; phone: string; remember: boolean };

const CHOSEN_PLANS = ['basic', 'advanced'] as const;
const BILLINGS = ['monthly', 'yearly'] as const;

/**
 * The plan a visitor picked with the landing's "Get started" (`?plan=&billing=`, issue 12), noted
 * above the form. Shown once hydrated: the prerendered /login has no query string to match.
 */
function ChosenPlan() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const plan = CHOSEN_PLANS.find((id) => id === searchParams.get('plan'));
  const billing = BILLINGS.find((id) => id === searchParams.get('billing'));
  if (!hydrated || !plan || !billing) return null;
  return (
    <p className="rounded-md bg-primary-50 px-3 py-2 text-sm text-primary-900" data-testid="chosen-plan">
      {t('login.chosen_plan', { plan: t(`login.plan_names.${plan}`), billing: t(`login.billing_names.${billing}`) })}
    </p>
  );
}

/**
 * SPEC §1/§2: Saudi mobile number → 6-digit code (resend after 60 s, remember me) → the
 * authenticator code when the account has one → back where the user was going. A user without
 * an organisation lands on the dashboard, where onboarding takes over.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const target = useRedirectTarget();
  const [mode, setMode] = useState<'phone' | 'email'>('phone');
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [lastPhone, setLastPhone] = useState({ phone: '', remember: true });
  const hydrated = useHydrated();

  // While the stored session is being read (a few milliseconds, and always in the prerendered
  // page, issue 12) the form shows: almost every visitor of /login is signed out, and one who is
  // not moves on as soon as the session is known.
  const secondFactor = auth.status === 'signed_in' && needsMfa(auth.session);
  if (auth.status === 'signed_in' && !secondFactor) {
    return (
      <>
        <Spinner label={t('login.signed_in')} className="m-auto py-12" />
        <Navigate to={target} replace />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
      <PageHeader title={t('login.title')} description={t('login.description')} />
      <Card>
        <CardContent className="flex flex-col gap-5 p-6">
          {auth.sessionExpired ? <FormAlert title={t('errors.session_expired')} testId="session-expired" /> : null}
          <ChosenPlan />
          {secondFactor ? (
            <MfaStep />
          ) : mode === 'email' ? (
            <EmailPasswordForm />
          ) : step.name === 'code' ? (
            <CodeStep phone={step.phone} remember={step.remember} onChangeNumber={() => setStep({ name: 'phone' })} />
          ) : (
            <PhoneStep
              defaultValues={lastPhone}
              onSent={(sent) => {
                auth.dismissSessionExpired();
                setLastPhone({ phone: sent.phone, remember: sent.remember });
                setStep({ name: 'code', phone: sent.phone, remember: sent.remember });
              }}
            />
          )}
          {secondFactor ? null : (
            <Button
              variant="ghost"
              disabled={!hydrated}
              onClick={() => setMode(mode === 'phone' ? 'email' : 'phone')}
              data-testid="switch-login-mode"
            >
              {mode === 'phone' ? t('login.use_email') : t('login.use_phone')}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
