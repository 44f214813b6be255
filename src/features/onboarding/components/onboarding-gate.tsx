import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { ONBOARDING_AUTO_OPEN_MS, shouldAutoOpen } from '../lib/onboarding-state';
import { useOnboardingState } from '../lib/use-onboarding-state';
import { OnboardingWizard } from './onboarding-wizard';

/**
 * Mounted once in the dashboard layout. Opens the wizard 1.5 s after load on a first visit
 * that is not completed once the profile has loaded (SPEC §2), and takes a signed-in user
 * without an organisation into it. Shows the SPEC §8 account problems with a way forward.
 */
export function OnboardingGate() {
  const { t } = useTranslation(['onboarding', 'auth', 'common']);
  const auth = useAuth();
  const onboarding = useOnboardingState();
  const [open, setOpen] = useState(false);
  const problem = auth.problem;
  const needsOrganization = problem?.kind === 'profile_not_found' || problem?.kind === 'no_organization';
  // A suspended organisation (issue 14): the platform's message and the reason it gave.
  const suspended = problem?.kind === 'suspended';
  const settled = auth.accountStatus === 'ready' || auth.accountStatus === 'problem';
  const wantsOpen =
    settled &&
    (shouldAutoOpen(onboarding.state, auth.profile !== null) || (needsOrganization && !onboarding.state.isCompleted));

  useEffect(() => {
    if (!wantsOpen) return;
    const timer = window.setTimeout(() => setOpen(true), ONBOARDING_AUTO_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, [wantsOpen]);

  const handleSetUp = () => {
    onboarding.reset();
    setOpen(true);
  };

  return (
    <>
      {problem ? (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="account-problem"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {suspended
                ? t('common:account_suspended.title')
                : t(`auth:account_problems.${problem.kind}`, { message: problem.detail ?? '' })}
            </p>
            <p className="mt-1 break-words" data-testid={suspended ? 'account-suspended-reason' : undefined}>
              {suspended
                ? t('common:account_suspended.reason', { reason: problem.detail ?? '' })
                : needsOrganization
                  ? t('gate.needs_organization')
                  : t('gate.try_again_hint')}
            </p>
          </div>
          {needsOrganization ? (
            <Button size="sm" onClick={handleSetUp} data-testid="start-onboarding">
              {t('gate.set_up')}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => void auth.reloadAccount()}>
              {t('gate.try_again')}
            </Button>
          )}
        </div>
      ) : null}
      <OnboardingWizard open={open} onOpenChange={setOpen} onboarding={onboarding} />
    </>
  );
}
