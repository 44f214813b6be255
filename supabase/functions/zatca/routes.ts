// The routes of /functions/v1/zatca (docs/zatca.md, "The zatca function").
import { type Caller, invoiceFor, requireStaff } from './auth.ts';
import { BUCKET, clearedPath, signedPath } from './chain.ts';
import { serviceClient } from './clients.ts';
import { zatcaConfig } from './config.ts';
import { productionDevice } from './devices.ts';
import { HttpProblem, json } from './http.ts';
import { onboard } from './onboarding.ts';
import { processOrganization, processQueue } from './process.ts';
import { ZatcaApi } from './zatca-api.ts';
import { corsHeaders } from '../_shared/cors.ts';

/**
 * Keeps work going after the response: EdgeRuntime.waitUntil on hosted Supabase; a plain Deno
 * process (the local stack) runs the promise to its end anyway.
 */
function inBackground(work: Promise<unknown>): void {
  const guarded = work.catch((error) => console.error('zatca: background work failed', error));
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime;
  runtime?.waitUntil(guarded);
}

async function body(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpProblem(400, 'invalid_request', 'The request body must be a JSON object');
}

/** POST /onboarding {otp, environment?} — settings.manage staff of the organisation. */
export async function onboardingRoute(req: Request, caller: Caller): Promise<Response> {
  const staff = requireStaff(caller, 'settings.manage');
  const input = await body(req);
  const config = zatcaConfig();
  const otp = typeof input.otp === 'string' ? input.otp.trim() : '';
  if (!/^\d{4,10}$/.test(otp)) {
    throw new HttpProblem(400, 'zatca_otp_required', 'Enter the one-time password (OTP) from the FATOORA portal');
  }
  if (input.environment !== undefined && input.environment !== config.environment) {
    throw new HttpProblem(
      400,
      'zatca_environment_mismatch',
      `This deployment is connected to ZATCA's ${config.environment} environment`,
    );
  }
  const api = new ZatcaApi(config.baseUrl);
  const device = await onboard(serviceClient(), api, config, staff.organizationId!, otp);
  const overview = await staff.client.rpc('einvoicing_overview');
  // What waited for the onboarding is sent now, after the answer (the minute job would otherwise).
  inBackground(processQueue(serviceClient(), api, { organizationId: staff.organizationId! }));
  return json(200, {
    device: {
      id: device.id,
      environment: device.environment,
      status: device.status,
      certificate_expires_at: device.certificate_expires_at,
    },
    overview: overview.error ? null : overview.data,
  });
}

/** POST /process {organization_id?} — the service role (pg_cron through pg_net, scripts). */
export async function processRoute(req: Request, caller: Caller): Promise<Response> {
  if (caller.kind !== 'service') throw new HttpProblem(403, 'forbidden', 'Only the service role processes the queue');
  const input = await body(req);
  const organizationId = typeof input.organization_id === 'string' ? input.organization_id : undefined;
  const results = await processQueue(serviceClient(), new ZatcaApi(zatcaConfig().baseUrl), { organizationId });
  return json(200, { organizations: results });
}

/**
 * POST /invoices/<id>/submit — invoices.write staff: (re)queue the document now and process its
 * organisation's queue (documents before it first, in chain order). Answers the submission.
 */
export async function submitRoute(invoiceId: string, caller: Caller): Promise<Response> {
  const invoice = await invoiceFor(caller, invoiceId, 'invoices.write');
  const db = serviceClient();
  const queued = await db.rpc('einvoicing_queue', { invoice_id: invoice.id });
  if (queued.error) {
    if (queued.error.code === 'PT409')
      throw new HttpProblem(409, 'einvoice_not_issued', 'Issue the invoice before sending it to ZATCA');
    throw new Error(`einvoicing_queue: ${queued.error.message}`);
  }
  if (!(await productionDevice(db, invoice.organization_id))) {
    throw new HttpProblem(
      409,
      'zatca_not_onboarded',
      'Onboard with ZATCA first: the document stays queued and is sent once a production CSID exists',
      { submission: queued.data },
    );
  }
  const config = zatcaConfig();
  const api = new ZatcaApi(config.baseUrl);
  // Another run may hold the organisation's lease: it will take this document too; wait for it a little.
  const until = Date.now() + 15_000;
  for (;;) {
    const result = await processOrganization(db, api, invoice.organization_id, Date.now() + 30_000);
    if (result.status !== 'busy' || Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const submission = await db
    .from('einvoicing_submissions')
    .select(
      'id, invoice_id, kind, status, attempts, next_attempt_at, last_attempt_at, completed_at, http_status, warnings, errors, last_error',
    )
    .eq('invoice_id', invoice.id)
    .neq('kind', 'compliance')
    .single();
  if (submission.error) throw new Error(`einvoicing_submissions: ${submission.error.message}`);
  return json(200, { submission: submission.data });
}

/**
 * GET /invoices/<id>/xml[?variant=signed|cleared] — invoices.read staff of that organisation: the
 * XML ZATCA cleared (standard documents) or else the signed XML.
 */
export async function xmlRoute(req: Request, invoiceId: string, caller: Caller): Promise<Response> {
  const invoice = await invoiceFor(caller, invoiceId, 'invoices.read');
  const variant = new URL(req.url).searchParams.get('variant');
  const db = serviceClient();
  const candidates =
    variant === 'signed'
      ? [['signed', signedPath(invoice.organization_id, invoice.id)]]
      : variant === 'cleared'
        ? [['cleared', clearedPath(invoice.organization_id, invoice.id)]]
        : [
            ['cleared', clearedPath(invoice.organization_id, invoice.id)],
            ['signed', signedPath(invoice.organization_id, invoice.id)],
          ];
  for (const [kind, path] of candidates) {
    const { data } = await db.storage.from(BUCKET).download(path!);
    if (!data) continue;
    const number = await db.from('invoices').select('invoice_number').eq('id', invoice.id).single();
    const name = `${String(number.data?.invoice_number ?? invoice.id).replace(/[^A-Za-z0-9-]/g, '_')}${kind === 'cleared' ? '-cleared' : ''}.xml`;
    return new Response(data.stream(), {
      status: 200,
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'X-Zatca-Document': kind!,
      },
    });
  }
  throw new HttpProblem(404, 'einvoice_not_signed', 'This document has not been signed for ZATCA yet');
}
