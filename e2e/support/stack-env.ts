/** The test stack's URL and anon key, which e2e/global-setup.ts puts in the environment. */
export function stackEnv(): { apiUrl: string; anonKey: string } {
  const apiUrl = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!apiUrl || !anonKey) throw new Error('E2E_API_URL / E2E_ANON_KEY are set by e2e/global-setup.ts');
  return { apiUrl, anonKey };
}
