// The npm packages of the zatca function in one place (the ZATCA library has its own in
// ../_shared/zatca/deps.ts). Pinned to the version in package.json: the local runner resolves
// `npm:` from the project's node_modules; hosted Supabase fetches the same version.
export { createClient } from 'npm:@supabase/supabase-js@2.109.0';
export type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
