export { OnboardingGate } from './components/onboarding-gate';
export { ONBOARDING_STORAGE_KEY } from './lib/onboarding-state';
