/**
 * The onboarding wizard's state machine (SPEC §2, §3, §4), pure so every transition is tested:
 * - steps in order: welcome, organization, first_property (required), first_client,
 *   first_booking, notifications, invite_team, payments_setup (optional), completion (required);
 * - next moves forward and sets completion when the last step is passed; back stops at 0;
 *   skip sets skipped and completed; reset clears the stored state;
 * - progress = (current step + 1) / total;
 * - completing a step that has a route navigates there and closes the dialog, otherwise it
 *   advances.
 * Titles and descriptions are i18n keys (onboarding namespace), so the stored state does not
 * depend on the language it was created in.
 */

export const ONBOARDING_STORAGE_KEY = 'nuzl.onboarding';
/** SPEC §9: the wizard opens by itself this long after the dashboard loads. */
export const ONBOARDING_AUTO_OPEN_MS = 1500;

export const onboardingStepIds = [
  'welcome',
  'organization',
  'first_property',
  'first_client',
  'first_booking',
  'notifications',
  'invite_team',
  'payments_setup',
  'completion',
] as const;
export type OnboardingStepId = (typeof onboardingStepIds)[number];

export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  description: string;
  /** Where the full screen for this step lives; null when the step happens inside the dialog. */
  route: string | null;
  completed: boolean;
  required: boolean;
}

export interface OnboardingState {
  isFirstTime: boolean;
  currentStep: number;
  isCompleted: boolean;
  isSkipped: boolean;
  steps: OnboardingStep[];
}

const REQUIRED: ReadonlySet<OnboardingStepId> = new Set(['welcome', 'organization', 'first_property', 'completion']);

/** The full screens behind the steps (config/paths values, kept literal here so this stays pure). */
const ROUTES: Record<OnboardingStepId, string | null> = {
  welcome: null,
  organization: null,
  first_property: '/dashboard/units',
  first_client: '/dashboard/clients',
  first_booking: '/dashboard/bookings',
  notifications: '/dashboard/settings?tab=notifications',
  invite_team: '/dashboard/users',
  payments_setup: '/dashboard/payments',
  completion: null,
};

export function createInitialState(): OnboardingState {
  return {
    isFirstTime: true,
    currentStep: 0,
    isCompleted: false,
    isSkipped: false,
    steps: onboardingStepIds.map((id) => ({
      id,
      title: `steps.${id}.title`,
      description: `steps.${id}.description`,
      route: ROUTES[id],
      completed: false,
      required: REQUIRED.has(id),
    })),
  };
}

export function getCurrentStep(state: OnboardingState): OnboardingStep {
  return state.steps[Math.min(state.currentStep, state.steps.length - 1)] ?? createInitialState().steps[0]!;
}

/** SPEC §4: (current step + 1) / total, between 0 and 1. */
export function getProgress(state: OnboardingState): number {
  return Math.min(1, (state.currentStep + 1) / state.steps.length);
}

/** Forward one step; passing the last step completes the wizard. */
export function nextStep(state: OnboardingState): OnboardingState {
  const last = state.steps.length - 1;
  if (state.currentStep >= last) return { ...state, currentStep: last, isCompleted: true, isFirstTime: false };
  return { ...state, currentStep: state.currentStep + 1 };
}

/** Back one step, never below the first. */
export function previousStep(state: OnboardingState): OnboardingState {
  return { ...state, currentStep: Math.max(0, state.currentStep - 1) };
}

/** "Skip for now" and the close icon: skipped and completed. */
export function skipOnboarding(state: OnboardingState): OnboardingState {
  return { ...state, isSkipped: true, isCompleted: true, isFirstTime: false };
}

/** Marks one step done without moving (its work happened, e.g. a row was saved). */
export function markStepCompleted(state: OnboardingState, id: OnboardingStepId): OnboardingState {
  return { ...state, steps: state.steps.map((step) => (step.id === id ? { ...step, completed: true } : step)) };
}

export type CompleteStepResult =
  { state: OnboardingState; effect: 'navigate'; route: string } | { state: OnboardingState; effect: 'advance' };

/**
 * Completing a step: with a route, navigate there and close the dialog (the wizard resumes at
 * the following step next time); without one, advance.
 */
export function completeStep(state: OnboardingState, id: OnboardingStepId): CompleteStepResult {
  const marked = markStepCompleted(state, id);
  const step = marked.steps.find((candidate) => candidate.id === id);
  const index = marked.steps.findIndex((candidate) => candidate.id === id);
  // Completing the step on screen moves past it; completing another one only marks it.
  const moved = index === state.currentStep ? nextStep(marked) : marked;
  if (step?.route) return { state: moved, effect: 'navigate', route: step.route };
  return { state: moved, effect: 'advance' };
}

/** Whether the wizard should open by itself (SPEC §2): first visit, not completed, and profiles loaded. */
export function shouldAutoOpen(state: OnboardingState, profilesExist: boolean): boolean {
  return state.isFirstTime && !state.isCompleted && profilesExist;
}

function isStep(value: unknown): value is OnboardingStep {
  if (typeof value !== 'object' || value === null) return false;
  const step = value as Record<string, unknown>;
  return (
    typeof step.id === 'string' &&
    (onboardingStepIds as readonly string[]).includes(step.id) &&
    typeof step.completed === 'boolean'
  );
}

/**
 * Reads the stored state, tolerating older or hand-edited values: the step list always comes
 * from this version (order, routes, required), only `completed` flags are carried over.
 */
export function parseStoredState(raw: string | null): OnboardingState {
  const initial = createInitialState();
  if (!raw) return initial;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof OnboardingState, unknown>>;
    const storedSteps = Array.isArray(parsed.steps) ? parsed.steps.filter(isStep) : [];
    const completed = new Set(storedSteps.filter((step) => step.completed).map((step) => step.id));
    const currentStep =
      typeof parsed.currentStep === 'number' && Number.isInteger(parsed.currentStep) ? parsed.currentStep : 0;
    return {
      isFirstTime: typeof parsed.isFirstTime === 'boolean' ? parsed.isFirstTime : true,
      currentStep: Math.max(0, Math.min(initial.steps.length - 1, currentStep)),
      isCompleted: parsed.isCompleted === true,
      isSkipped: parsed.isSkipped === true,
      steps: initial.steps.map((step) => ({ ...step, completed: completed.has(step.id) })),
    };
  } catch {
    return initial;
  }
}

export function loadOnboardingState(storage: Pick<Storage, 'getItem'> | null): OnboardingState {
  try {
    return parseStoredState(storage?.getItem(ONBOARDING_STORAGE_KEY) ?? null);
  } catch {
    return createInitialState();
  }
}

export function saveOnboardingState(storage: Pick<Storage, 'setItem'> | null, state: OnboardingState): void {
  try {
    storage?.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard still works for this visit.
  }
}

/** Reset clears the stored state; the wizard starts over as on a first visit. */
export function resetOnboarding(storage: Pick<Storage, 'removeItem'> | null): OnboardingState {
  try {
    storage?.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Nothing stored to clear.
  }
  return createInitialState();
}
