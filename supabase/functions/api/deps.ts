// The npm packages of the api function, pinned to the versions in package.json: the local runner
// resolves `npm:` from the project's node_modules; hosted Supabase fetches the same version.
export { z } from 'npm:zod@4.6.7';
