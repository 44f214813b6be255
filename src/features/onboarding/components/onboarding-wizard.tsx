import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getCurrentStep, getProgress, type OnboardingStepId } from '../lib/onboarding-state';
import type { OnboardingController } from '../lib/use-onboarding-state';
import { BookingStep } from './steps/booking-step';
import { ClientStep } from './steps/client-step';
import { InfoStep } from './steps/info-step';
import { OrganizationStep } from './steps/organization-step';
import { PropertyStep } from './steps/property-step';
import type { StepProps } from './steps/step-props';

export interface OnboardingWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onboarding: OnboardingController;
}

/**
 * SPEC §2: a dialog (max 500 px) with a progress bar, Continue (Get started on the first step),
 * Skip for now (not on the first step) and a close icon that also skips.
 */
export function OnboardingWizard({ open, onOpenChange, onboarding }: OnboardingWizardProps) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const { state } = onboarding;
  const step = getCurrentStep(state);
  const index = state.currentStep;
  const total = state.steps.length;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const progress = Math.round(getProgress(state) * 100);

  const handleSkip = () => {
    onboarding.skip();
    onOpenChange(false);
  };

  const handleDone = (id: OnboardingStepId) => {
    if (id === 'completion') {
      onboarding.complete(id);
      onOpenChange(false);
      return;
    }
    // Work done inside the dialog: the step is completed and the wizard moves on.
    onboarding.completeHere(id);
  };

  const handleFullScreen = (id: OnboardingStepId) => {
    const result = onboarding.complete(id);
    if (result.effect === 'navigate') {
      onOpenChange(false);
      void navigate(result.route);
    }
  };

  const handleBusyChange = useCallback((value: boolean) => setBusy(value), []);
  const props: StepProps = {
    formId,
    onDone: () => handleDone(step.id),
    onOpenFullScreen: step.route ? () => handleFullScreen(step.id) : undefined,
    onBusyChange: handleBusyChange,
  };

  const body = (() => {
    switch (step.id) {
      case 'organization':
        return <OrganizationStep key={step.id} {...props} />;
      case 'first_property':
        return <PropertyStep key={step.id} {...props} />;
      case 'first_client':
        return <ClientStep key={step.id} {...props} />;
      case 'first_booking':
        return <BookingStep key={step.id} {...props} />;
      default:
        return <InfoStep key={step.id} id={step.id} {...props} />;
    }
  })();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing (icon or Escape) counts as "skip for now".
        if (!next) handleSkip();
        else onOpenChange(true);
      }}
    >
      <DialogContent
        className="max-w-[500px]"
        closeLabel={t('actions.close')}
        // A click beside the dialog must not throw away a half-filled form.
        onInteractOutside={(event) => event.preventDefault()}
        data-testid="onboarding-dialog"
      >
        <div
          role="progressbar"
          aria-label={t('progress_label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={t('progress', { current: index + 1, total })}
          className="h-2 w-full overflow-hidden rounded-full bg-stone-100"
          data-testid="onboarding-progress"
        >
          <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <DialogHeader>
          <p className="text-xs font-medium text-stone-500" data-testid="onboarding-step-count">
            {t('progress', { current: index + 1, total })}
            {step.required ? null : ` · ${t('optional')}`}
          </p>
          <DialogTitle data-testid="onboarding-step-title">{t(step.title)}</DialogTitle>
          <DialogDescription>{t(step.description)}</DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter className="sm:justify-between">
          {isFirst ? null : (
            <Button variant="ghost" onClick={handleSkip} data-testid="onboarding-skip">
              {t('actions.skip')}
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:ms-auto sm:flex-row">
            {isFirst ? null : (
              <Button variant="outline" onClick={() => onboarding.back()} disabled={busy} data-testid="onboarding-back">
                {t('actions.back')}
              </Button>
            )}
            <Button type="submit" form={formId} disabled={busy} data-testid="onboarding-continue">
              {isFirst ? t('actions.get_started') : isLast ? t('actions.finish') : t('actions.continue')}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
