// /functions/v1/zatca — ZATCA Phase 2 e-invoicing (docs/zatca.md, "The zatca function"):
//   POST /onboarding                  settings.manage staff: CSR → compliance CSID → checks → production CSID
//   POST /process                     service role (pg_cron via pg_net): sign and submit what is due
//   POST /invoices/<id>/submit        invoices.write staff: queue this document again and process now
//   GET  /invoices/<id>/xml           invoices.read staff: the signed (or cleared) XML
// verify_jwt is off ([functions.zatca] in supabase/config.toml): every route checks its caller
// itself (auth.ts), so the scheduled call may use a new-style secret key.
import { corsHeaders } from '../_shared/cors.ts';
import { identify } from './auth.ts';
import { HttpProblem, problem } from './http.ts';
import { onboardingRoute, processRoute, submitRoute, xmlRoute } from './routes.ts';

async function route(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname.replace(/^.*?\/zatca(?=\/|$)/, '').replace(/\/+$/, '') || '/';
  const invoice = /^\/invoices\/([^/]+)\/(submit|xml)$/.exec(path);
  const known = path === '/onboarding' || path === '/process' || invoice !== null;
  if (!known) throw new HttpProblem(404, 'not_found', 'Not found');
  const method = invoice?.[2] === 'xml' ? 'GET' : 'POST';
  if (req.method !== method) throw new HttpProblem(405, 'method_not_allowed', `Use ${method}`);

  const caller = await identify(req);
  if (path === '/onboarding') return await onboardingRoute(req, caller);
  if (path === '/process') return await processRoute(req, caller);
  const invoiceId = decodeURIComponent(invoice![1]!);
  return invoice![2] === 'xml' ? await xmlRoute(req, invoiceId, caller) : await submitRoute(invoiceId, caller);
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  try {
    return await route(req);
  } catch (error) {
    if (error instanceof HttpProblem) return error.toResponse();
    console.error('zatca:', error);
    return problem(500, 'internal_error', 'The e-invoicing service failed; the request can be retried');
  }
});
