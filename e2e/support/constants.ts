/**
 * Fixed ports for the browser tests, away from the dev defaults (54321 / 5173 / 4173).
 * Override with E2E_STACK_PORT / E2E_PREVIEW_PORT to run two suites side by side.
 */
export const E2E_STACK_PORT = Number(process.env.E2E_STACK_PORT ?? 54329);
export const E2E_PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4179);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PREVIEW_PORT}`;
/**
 * The production build the tests run against, built by the global setup for the test stack.
 * E2E_DIST names another folder (dist-e2e-*) so two suites running side by side keep their own.
 */
export const E2E_DIST = process.env.E2E_DIST ?? 'dist-e2e';
/** Demo accounts of supabase/seed.sql with the local test code of config.toml (DESIGN §5). */
export const DEMO_OWNER_PHONE = '+966500000001';
export const DEMO_OTP = '123456';
