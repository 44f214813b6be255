import { beforeEach, describe, expect, it } from 'vitest';
import {
  completeStep,
  createInitialState,
  getCurrentStep,
  getProgress,
  loadOnboardingState,
  markStepCompleted,
  nextStep,
  ONBOARDING_STORAGE_KEY,
  onboardingStepIds,
  parseStoredState,
  previousStep,
  resetOnboarding,
  saveOnboardingState,
  shouldAutoOpen,
  skipOnboarding,
  type OnboardingState,
} from './onboarding-state';

const at = (index: number): OnboardingState => ({ ...createInitialState(), currentStep: index });

describe('initial state', () => {
  it('has the nine steps in SPEC order with the right required flags and no progress', () => {
    const state = createInitialState();
    expect(state.steps.map((step) => step.id)).toEqual([
      'welcome',
      'organization',
      'first_property',
      'first_client',
      'first_booking',
      'notifications',
      'invite_team',
      'payments_setup',
      'completion',
    ]);
    expect(state.steps.filter((step) => step.required).map((step) => step.id)).toEqual([
      'welcome',
      'organization',
      'first_property',
      'completion',
    ]);
    expect(state).toMatchObject({ isFirstTime: true, currentStep: 0, isCompleted: false, isSkipped: false });
    expect(state.steps.every((step) => !step.completed && step.title && step.description)).toBe(true);
  });
  it('gives every step the stored fields (id, title, description, route, completed, required)', () => {
    for (const step of createInitialState().steps) {
      expect(Object.keys(step).sort()).toEqual(['completed', 'description', 'id', 'required', 'route', 'title']);
    }
  });
});

describe('next', () => {
  it('moves forward one step at a time', () => {
    expect(nextStep(at(0)).currentStep).toBe(1);
    expect(nextStep(at(4)).currentStep).toBe(5);
    expect(nextStep(at(4)).isCompleted).toBe(false);
  });
  it('sets completion when the last step is passed, and stays on it', () => {
    const last = onboardingStepIds.length - 1;
    const done = nextStep(at(last));
    expect(done.isCompleted).toBe(true);
    expect(done.currentStep).toBe(last);
    expect(done.isSkipped).toBe(false);
    expect(done.isFirstTime).toBe(false);
  });
  it('walking through every step completes exactly at the end', () => {
    let state = createInitialState();
    for (let index = 0; index < onboardingStepIds.length - 1; index += 1) {
      state = nextStep(state);
      expect(state.isCompleted).toBe(false);
    }
    expect(state.currentStep).toBe(onboardingStepIds.length - 1);
    expect(nextStep(state).isCompleted).toBe(true);
  });
});

describe('back', () => {
  it('moves back one step', () => {
    expect(previousStep(at(3)).currentStep).toBe(2);
  });
  it('never goes below step 0', () => {
    expect(previousStep(at(0)).currentStep).toBe(0);
    expect(previousStep(previousStep(at(1))).currentStep).toBe(0);
  });
});

describe('skip', () => {
  it('sets both skipped and completed', () => {
    const skipped = skipOnboarding(at(2));
    expect(skipped.isSkipped).toBe(true);
    expect(skipped.isCompleted).toBe(true);
    expect(skipped.currentStep).toBe(2);
  });
});

describe('progress', () => {
  it('is (current step + 1) / total', () => {
    expect(getProgress(at(0))).toBeCloseTo(1 / 9);
    expect(getProgress(at(4))).toBeCloseTo(5 / 9);
    expect(getProgress(at(8))).toBe(1);
  });
});

describe('completeStep', () => {
  it('a step without a route is marked completed and the wizard advances', () => {
    const result = completeStep(at(1), 'organization');
    expect(result.effect).toBe('advance');
    expect(result.state.currentStep).toBe(2);
    expect(result.state.steps.find((step) => step.id === 'organization')?.completed).toBe(true);
  });
  it('a step with a route navigates there (the dialog closes) and resumes after it', () => {
    const result = completeStep(at(2), 'first_property');
    expect(result).toMatchObject({ effect: 'navigate', route: '/dashboard/units' });
    expect(result.state.steps.find((step) => step.id === 'first_property')?.completed).toBe(true);
    expect(result.state.currentStep).toBe(3);
  });
  it('routes of the optional steps', () => {
    expect(completeStep(at(5), 'notifications')).toMatchObject({
      effect: 'navigate',
      route: '/dashboard/settings?tab=notifications',
    });
    expect(completeStep(at(6), 'invite_team')).toMatchObject({ effect: 'navigate', route: '/dashboard/users' });
    expect(completeStep(at(7), 'payments_setup')).toMatchObject({ effect: 'navigate', route: '/dashboard/payments' });
    expect(completeStep(at(3), 'first_client')).toMatchObject({ effect: 'navigate', route: '/dashboard/clients' });
    expect(completeStep(at(4), 'first_booking')).toMatchObject({ effect: 'navigate', route: '/dashboard/bookings' });
  });
  it('completing the last step completes the wizard', () => {
    const result = completeStep(at(8), 'completion');
    expect(result.effect).toBe('advance');
    expect(result.state.isCompleted).toBe(true);
    expect(result.state.steps.every((step) => step.id !== 'completion' || step.completed)).toBe(true);
  });
  it('completing a step that is not on screen only marks it', () => {
    const result = completeStep(at(0), 'organization');
    expect(result.state.currentStep).toBe(0);
    expect(result.state.steps[1]?.completed).toBe(true);
  });
  it('markStepCompleted does not move', () => {
    const marked = markStepCompleted(at(3), 'first_client');
    expect(marked.currentStep).toBe(3);
    expect(getCurrentStep(marked)).toMatchObject({ id: 'first_client', completed: true });
  });
});

describe('auto-open rule', () => {
  it('opens on a first visit that is not completed once profiles exist', () => {
    expect(shouldAutoOpen(createInitialState(), true)).toBe(true);
    expect(shouldAutoOpen(createInitialState(), false)).toBe(false);
    expect(shouldAutoOpen(skipOnboarding(createInitialState()), true)).toBe(false);
    expect(shouldAutoOpen(nextStep(at(8)), true)).toBe(false);
    expect(shouldAutoOpen({ ...createInitialState(), isFirstTime: false }, true)).toBe(false);
  });
});

describe('storage under one product key', () => {
  beforeEach(() => localStorage.clear());

  it('saves and loads the whole state under nuzl.onboarding', () => {
    const state = markStepCompleted(nextStep(nextStep(createInitialState())), 'organization');
    saveOnboardingState(localStorage, state);
    expect(Object.keys(localStorage)).toEqual([ONBOARDING_STORAGE_KEY]);
    const stored = JSON.parse(localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['currentStep', 'isCompleted', 'isFirstTime', 'isSkipped', 'steps']);
    expect(loadOnboardingState(localStorage)).toEqual(state);
  });

  it('reset clears the stored state and starts over', () => {
    saveOnboardingState(localStorage, skipOnboarding(at(4)));
    const fresh = resetOnboarding(localStorage);
    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).toBeNull();
    expect(fresh).toEqual(createInitialState());
    expect(loadOnboardingState(localStorage)).toEqual(createInitialState());
  });

  it('tolerates garbage and out-of-range values', () => {
    expect(parseStoredState('{oops')).toEqual(createInitialState());
    expect(parseStoredState(JSON.stringify({ currentStep: 99 })).currentStep).toBe(8);
    expect(parseStoredState(JSON.stringify({ currentStep: -3 })).currentStep).toBe(0);
    const kept = parseStoredState(
      JSON.stringify({
        steps: [
          { id: 'welcome', completed: true },
          { id: 'bogus', completed: true },
        ],
      }),
    );
    expect(kept.steps[0]?.completed).toBe(true);
    expect(kept.steps).toHaveLength(9);
  });
});
