// CORS headers for edge function responses, as Supabase's function examples send them. The local
// gateway (and Supabase's own gateway) answer preflights too; a function that answers its own
// OPTIONS request and adds these headers works the same locally and hosted.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};
