/**
 * The ZATCA sandbox as part of the local stack (docs/zatca.md, "The sandbox in the local stack"):
 * - `/_sandbox/zatca/e-invoicing/{developer-portal,simulation,core}/…` is ZATCA's API (the
 *   functions' ZATCA_BASE_URL points here locally);
 * - `/_local/zatca` shows what it received: JSON (`GET`), a page (`GET /page`), the CA that
 *   issued every CSID (`GET /ca.pem`, for `npm run zatca:verify -- file.xml --issuer ca.pem`),
 *   failures on demand (`POST /fail` `{count?, status?, endpoints?}`) and clearing the log
 *   (`DELETE`). The gateway serves both to this machine only (outbox-guard.ts).
 */
import type { InjectedFailure, ReceivedRequest, ZatcaSandbox } from './sandbox';

export const SANDBOX_PREFIX = '/_sandbox/zatca';
export const PAGE_PREFIX = '/_local/zatca';

/** ZATCA_BASE_URL of the local sandbox for a stack at `apiUrl`. */
export function localZatcaBaseUrl(apiUrl: string, environment = 'developer-portal'): string {
  return `${apiUrl}${SANDBOX_PREFIX}/e-invoicing/${environment}`;
}

export interface LocalZatca {
  /** The sandbox, made on first use (its CA and keys are generated then; its code loads then). */
  sandbox(): Promise<ZatcaSandbox>;
  /** Requests under /_sandbox/zatca (prefix stripped or not: the sandbox finds /e-invoicing/…). */
  handleApi(req: Request): Promise<Response>;
  /** Requests under /_local/zatca, with the prefix stripped (`/`, `/page`, `/ca.pem`, `/fail`). */
  handlePage(req: Request): Promise<Response>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function pem(base64Der: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64Der.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

/** The invoice number (cbc:ID) and type of a submitted document, for the page. */
function documentOf(entry: ReceivedRequest): string {
  const body = entry.body as { invoice?: unknown } | undefined;
  if (!body || typeof body.invoice !== 'string') return '';
  const xml = Buffer.from(body.invoice, 'base64').toString('utf8');
  const id = /<cbc:ID>([^<]*)<\/cbc:ID>/.exec(xml)?.[1] ?? '?';
  const type = /<cbc:InvoiceTypeCode name="(\d{7})">(\d{3})</.exec(xml);
  const icv = /<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>(\d+)</.exec(xml)?.[1];
  const kind = type ? `${type[1]!.startsWith('02') ? 'simplified' : 'standard'} ${type[2]}` : '';
  return `${id} ${kind}${icv ? ` · ICV ${icv}` : ''}`;
}

function outcomeOf(entry: ReceivedRequest): string {
  const answer = entry.response as Record<string, unknown> | null;
  if (!answer) return '';
  const results = answer.validationResults as
    { errorMessages?: Array<{ code: string }>; warningMessages?: Array<{ code: string }> } | undefined;
  const status = [answer.reportingStatus, answer.clearanceStatus, answer.dispositionMessage].filter(Boolean).join(' ');
  const errors = (results?.errorMessages ?? []).map((m) => m.code);
  const warnings = (results?.warningMessages ?? []).map((m) => m.code);
  const other = Array.isArray(answer.errors)
    ? (answer.errors as Array<{ code?: string }>).map((e) => e.code ?? '')
    : typeof answer.errorCategory === 'string'
      ? [answer.errorCategory]
      : typeof answer.message === 'string'
        ? [answer.message]
        : [];
  return [
    status,
    errors.length ? `errors: ${errors.join(', ')}` : '',
    warnings.length ? `warnings: ${warnings.join(', ')}` : '',
    other.join(', '),
  ]
    .filter(Boolean)
    .join(' · ');
}

function renderPage(sandbox: ZatcaSandbox, apiUrl: string): string {
  const entries = sandbox.received().reverse();
  const rows = entries
    .map(
      (
        e,
      ) => `<tr class="${e.status >= 400 ? 'bad' : e.status === 202 ? 'warn' : ''}"><td><time>${escapeHtml(e.at)}</time></td>
<td><code>${escapeHtml(e.endpoint)}</code></td><td>${e.status}</td><td>${escapeHtml(documentOf(e))}</td><td>${escapeHtml(outcomeOf(e))}</td></tr>`,
    )
    .join('\n');
  const pending = sandbox.pendingFailures();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local ZATCA sandbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #e5e7eb;padding:.35rem .5rem;text-align:left;vertical-align:top}
tr.bad td{background:#fef2f2}tr.warn td{background:#fffbeb}code{font-size:.85rem}
</style></head><body>
<h1>Local ZATCA sandbox</h1>
<p>What the stack's <code>zatca</code> function sent to ZATCA's API (newest first; the page refreshes every 5 s).
Nothing leaves this machine. Base URL: <code>${escapeHtml(localZatcaBaseUrl(apiUrl))}</code> (also <code>…/simulation</code>, <code>…/core</code>).
Every CSID and the clearance stamp are issued by this sandbox's CA: <a href="${PAGE_PREFIX}/ca.pem">ca.pem</a>
(<code>npm run zatca:verify -- invoice.xml --issuer ca.pem</code>).</p>
<p><button onclick="fetch('${PAGE_PREFIX}/fail',{method:'POST',headers:{'content-type':'application/json'},body:'{}'}).then(()=>location.reload())">Fail the next report or clearance (503)</button>
<button onclick="fetch('${PAGE_PREFIX}',{method:'DELETE'}).then(()=>location.reload())">Clear the log</button>
${pending.length ? ` Failures waiting: ${pending.map((f) => `${f.count} × ${f.status}`).join(', ')}` : ''}</p>
${entries.length ? `<table><thead><tr><th>at</th><th>endpoint</th><th>status</th><th>document</th><th>answer</th></tr></thead><tbody>${rows}</tbody></table>` : '<p><i>Nothing received yet.</i></p>'}
</body></html>`;
}

export function createLocalZatca(opts: { apiUrl: () => string }): LocalZatca {
  let made: Promise<ZatcaSandbox> | null = null;
  const getSandbox = () => (made ??= import('./sandbox').then((m) => m.createZatcaSandbox()));
  return {
    sandbox: getSandbox,
    handleApi: async (req) => (await getSandbox()).handle(req),
    async handlePage(req) {
      const sandbox = await getSandbox();
      const path = new URL(req.url).pathname.replace(/\/+$/, '') || '/';
      if (req.method === 'DELETE' && path === '/') {
        sandbox.clearReceived();
        return new Response(null, { status: 204 });
      }
      if (req.method === 'POST' && path === '/fail') {
        const body = (await req.json().catch(() => ({}))) as InjectedFailure;
        sandbox.failNext({
          count: typeof body.count === 'number' ? body.count : undefined,
          status: typeof body.status === 'number' && body.status >= 400 && body.status < 600 ? body.status : undefined,
          endpoints: Array.isArray(body.endpoints) ? body.endpoints.map(String) : undefined,
        });
        return Response.json({ pending: sandbox.pendingFailures() });
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return Response.json({ message: 'Method not allowed' }, { status: 405 });
      }
      if (path === '/ca.pem') {
        return new Response(pem(sandbox.caCertificate), { headers: { 'content-type': 'application/x-pem-file' } });
      }
      const wantsHtml = path === '/page' || (req.headers.get('accept') ?? '').includes('text/html');
      if (wantsHtml) {
        return new Response(renderPage(sandbox, opts.apiUrl()), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      }
      if (path !== '/') return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json({
        baseUrl: localZatcaBaseUrl(opts.apiUrl()),
        caCertificate: sandbox.caCertificate,
        pendingFailures: sandbox.pendingFailures(),
        received: sandbox.received(),
      });
    },
  };
}
