// /functions/v1/api — the public REST API for an organisation's own systems (issue 14); see
// handler.ts and docs/api.md. Authenticated by API keys, not Supabase JWTs: [functions.api]
// verify_jwt = false in supabase/config.toml.
import { denoEnv } from '../_shared/service.ts';
import { createApiHandler } from './handler.ts';

Deno.serve(createApiHandler({ env: denoEnv, fetch: (...args) => fetch(...args) }));
