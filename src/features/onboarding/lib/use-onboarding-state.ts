import { useCallback, useState } from 'react';
import { safeLocalStorage } from '@/lib/environment';
import {
  completeStep,
  loadOnboardingState,
  markStepCompleted,
  nextStep,
  previousStep,
  resetOnboarding,
  saveOnboardingState,
  skipOnboarding,
  type OnboardingState,
  type OnboardingStepId,
} from './onboarding-state';

/** The wizard state, persisted to localStorage on every transition. */
export function useOnboardingState() {
  const [state, setState] = useState<OnboardingState>(() => loadOnboardingState(safeLocalStorage()));

  const commit = useCallback((next: OnboardingState) => {
    saveOnboardingState(safeLocalStorage(), next);
    setState(next);
    return next;
  }, []);

  return {
    state,
    next: () => commit(nextStep(state)),
    back: () => commit(previousStep(state)),
    skip: () => commit(skipOnboarding(state)),
    markCompleted: (id: OnboardingStepId) => commit(markStepCompleted(state, id)),
    /** Marks the step done and moves on inside the dialog (its work was done in the dialog). */
    completeHere: (id: OnboardingStepId) => commit(nextStep(markStepCompleted(state, id))),
    complete: (id: OnboardingStepId) => {
      const result = completeStep(state, id);
      commit(result.state);
      return result;
    },
    /** Clears the stored state (SPEC §4) and starts over. */
    reset: () => {
      const fresh = resetOnboarding(safeLocalStorage());
      setState(fresh);
      return fresh;
    },
  };
}

export type OnboardingController = ReturnType<typeof useOnboardingState>;
