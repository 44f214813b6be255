// GET/POST /functions/v1/health — liveness of the functions runtime for the app's /health page.
// Public: [functions.health] verify_jwt = false in supabase/config.toml.
import { corsHeaders } from '../_shared/cors.ts';

Deno.serve((req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const body = {
    status: 'ok',
    time: new Date().toISOString(),
    // Hosted edge functions get SB_REGION (e.g. "eu-central-1"); the local stack has none.
    region: Deno.env.get('SB_REGION') ?? 'local',
  };
  return new Response(JSON.stringify(body), {
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
});
