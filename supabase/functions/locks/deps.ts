// The npm packages of the locks function in one place. Pinned to the version in package.json:
// the local runner resolves `npm:` from the project's node_modules; hosted Supabase fetches it.
export { createClient } from 'npm:@supabase/supabase-js@2.109.0';
export type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
