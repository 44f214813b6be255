/**
 * The payment gateway sandbox of the local stack (DESIGN §3): Moyasar's published API
 * (https://docs.moyasar.com, base https://api.moyasar.com/v1) served at `/_sandbox/moyasar/v1`,
 * and its hosted invoice page at `/_checkout/moyasar/invoices/<id>` (checkout-page.ts). Edge
 * functions reach it through MOYASAR_API_URL, as they would reach the real API on hosted;
 * nothing leaves this machine. The log (`/_sandbox/moyasar/page`, linked from the outbox) lists
 * every invoice, payment and webhook.
 *
 * As the real API: the secret key as the HTTP Basic user name (password empty; 401
 * authentication_error otherwise); amounts in halalas (integers, at least 100); JSON or form
 * bodies; errors as `{type, message, errors}` (400 invalid_request_error "Validation Failed" with
 * `errors: {field: [messages]}`, 404 "Object not found"). Routes:
 *   POST /v1/invoices           amount, currency, description, callback_url, success_url, back_url, metadata
 *   GET  /v1/invoices/:id       the invoice with its payments
 *   GET  /v1/payments/:id       one payment
 *   POST /v1/payments/:id/refund  refunds a paid (or captured) payment: `amount` in halalas, optional
 *                                 (default: what is left); the payment answers with status
 *                                 `refunded`, `refunded` (halalas so far) and `refunded_at`. A
 *                                 payment that is not paid is refused (400 invalid_request_error),
 *                                 so is one already refunded in full, and an amount above what is
 *                                 left (400 "Validation Failed", errors.amount).
 * After a payment on the hosted page the sandbox posts the webhook (`payment_paid` /
 * `payment_failed` with `secret_token`, data = the payment) to the registered URL, then sends the
 * browser to the invoice's callback_url with `id`, `status` and `message`, as Moyasar's form does.
 */
import { randomUUID } from 'node:crypto';
import type { Outcome } from './outcomes';

export const MOYASAR_SANDBOX_PREFIX = '/_sandbox/moyasar';
export const MOYASAR_CHECKOUT_PREFIX = '/_checkout/moyasar';
/** The keys the local stack gives functions (MOYASAR_SECRET_KEY / MOYASAR_PUBLISHABLE_KEY). */
export const LOCAL_MOYASAR_SECRET_KEY = 'sk_test_nuzl_local_sandbox';
export const LOCAL_MOYASAR_PUBLISHABLE_KEY = 'pk_test_nuzl_local_sandbox';
/** The secret token of the webhook registered with the sandbox (MOYASAR_WEBHOOK_SECRET). */
export const LOCAL_MOYASAR_WEBHOOK_SECRET = 'whsec_nuzl_local_sandbox';

export function localMoyasarApiUrl(apiUrl: string): string {
  return `${apiUrl}${MOYASAR_SANDBOX_PREFIX}/v1`;
}

export interface MoyasarPayment {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided';
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  captured: number;
  captured_at: string | null;
  voided_at: string | null;
  description: string;
  amount_format: string;
  fee_format: string;
  refunded_format: string;
  captured_format: string;
  invoice_id: string | null;
  ip: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  source: Record<string, unknown>;
}

export interface MoyasarInvoice {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'expired' | 'canceled';
  amount: number;
  currency: string;
  description: string;
  logo_url: string | null;
  amount_format: string;
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
}

export interface MoyasarEvent {
  at: string;
  kind: 'invoice_created' | 'payment' | 'refund' | 'webhook' | 'webhook_failed' | 'refused';
  summary: string;
}

const format = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;
const error = (status: number, type: string, message: string, errors: Record<string, string[]> | null = null) =>
  Response.json({ type, message, errors }, { status });
const validation = (errors: Record<string, string[]>) =>
  error(400, 'invalid_request_error', 'Validation Failed', errors);

/** Reads a JSON or form-encoded body into a flat record (form `metadata[key]=v` becomes metadata.key). */
async function readBody(req: Request): Promise<Record<string, unknown> | null> {
  const type = req.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return (await req.json()) as Record<string, unknown>;
    const form = new URLSearchParams(await req.text());
    const out: Record<string, unknown> = {};
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const meta = /^metadata\[(.+)\]$/.exec(key);
      if (meta) metadata[meta[1]!] = value;
      else out[key] = value;
    }
    if (Object.keys(metadata).length) out.metadata = metadata;
    return out;
  } catch {
    return null;
  }
}

function validUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export interface MoyasarSandboxOptions {
  secretKey?: string;
  /** Where the hosted page lives (the stack's URL + MOYASAR_CHECKOUT_PREFIX). */
  checkoutUrl: () => string;
  /** The webhook registered in the "dashboard": its URL and secret token. */
  webhook?: { url: () => string; secret: string };
}

export function createMoyasarSandbox(options: MoyasarSandboxOptions) {
  const secretKey = options.secretKey ?? LOCAL_MOYASAR_SECRET_KEY;
  const invoices = new Map<string, MoyasarInvoice>();
  const payments = new Map<string, MoyasarPayment>();
  const events: MoyasarEvent[] = [];
  // Tests of a gateway outage: the next N refund calls answer 503 (nothing is refunded).
  let refundOutages = 0;
  const log = (kind: MoyasarEvent['kind'], summary: string) => {
    events.unshift({ at: new Date().toISOString(), kind, summary });
    if (events.length > 500) events.length = 500;
  };

  function invoiceJson(invoice: MoyasarInvoice) {
    const own = [...payments.values()].filter((p) => p.invoice_id === invoice.id);
    return { ...invoice, payments: own };
  }

  function authorised(req: Request): boolean {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    if (!basic) return false;
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
    return user === secretKey;
  }

  async function createInvoice(req: Request): Promise<Response> {
    const body = await readBody(req);
    if (!body) return error(400, 'invalid_request_error', 'Invalid request body');
    const errors: Record<string, string[]> = {};
    const amount = typeof body.amount === 'string' && /^[0-9]+$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (amount === undefined || amount === null || amount === '') errors.amount = ["can't be blank"];
    else if (!Number.isInteger(amount)) errors.amount = ['must be an integer'];
    else if ((amount as number) < 100) errors.amount = ['must be greater than or equal to 100'];
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : 'SAR';
    if (!/^[A-Z]{3}$/.test(currency)) errors.currency = ['is invalid'];
    if (typeof body.description !== 'string' || body.description.trim() === '') errors.description = ["can't be blank"];
    for (const field of ['callback_url', 'success_url', 'back_url'] as const) {
      if (body[field] !== undefined && body[field] !== null && !validUrl(body[field])) errors[field] = ['is invalid'];
    }
    let metadata: Record<string, string> | null = null;
    if (body.metadata !== undefined && body.metadata !== null) {
      if (typeof body.metadata !== 'object' || Array.isArray(body.metadata)) errors.metadata = ['must be an object'];
      else metadata = Object.fromEntries(Object.entries(body.metadata).map(([k, v]) => [k, String(v)]));
    }
    if (Object.keys(errors).length) {
      log('refused', `POST /v1/invoices: ${JSON.stringify(errors)}`);
      return validation(errors);
    }
    const now = new Date().toISOString();
    const id = randomUUID();
    const invoice: MoyasarInvoice = {
      id,
      status: 'initiated',
      amount: amount as number,
      currency,
      description: body.description as string,
      logo_url: null,
      amount_format: format(amount as number, currency),
      url: `${options.checkoutUrl()}/invoices/${id}`,
      callback_url: (body.callback_url as string | undefined) ?? null,
      success_url: (body.success_url as string | undefined) ?? null,
      back_url: (body.back_url as string | undefined) ?? null,
      expired_at: null,
      created_at: now,
      updated_at: now,
      metadata,
    };
    invoices.set(id, invoice);
    log('invoice_created', `${id}: ${invoice.amount_format} — ${invoice.description}`);
    return Response.json(invoiceJson(invoice), { status: 201 });
  }

  async function refundPayment(req: Request, payment: MoyasarPayment): Promise<Response> {
    if (refundOutages > 0) {
      refundOutages -= 1;
      log('refused', `POST /v1/payments/${payment.id}/refund: 503 (simulated outage)`);
      return error(503, 'api_error', 'Service Unavailable');
    }
    const body = (await readBody(req)) ?? {};
    const paidOrRefunded = ['paid', 'captured', 'refunded'].includes(payment.status);
    if (!paidOrRefunded) {
      log('refused', `refund ${payment.id}: payment is ${payment.status}`);
      return error(400, 'invalid_request_error', `Payment with status ${payment.status} cannot be refunded`);
    }
    const left = payment.amount - payment.refunded;
    if (left <= 0) {
      log('refused', `refund ${payment.id}: already refunded`);
      return error(400, 'invalid_request_error', 'Payment is already refunded');
    }
    const raw = typeof body.amount === 'string' && /^[0-9]+$/.test(body.amount) ? Number(body.amount) : body.amount;
    const amount = raw === undefined || raw === null || raw === '' ? left : raw;
    if (!Number.isInteger(amount) || (amount as number) <= 0) {
      return validation({ amount: ['must be an integer greater than 0'] });
    }
    if ((amount as number) > left) {
      return validation({ amount: [`must be less than or equal to ${left}`] });
    }
    const now = new Date().toISOString();
    payment.refunded += amount as number;
    payment.refunded_format = format(payment.refunded, payment.currency);
    payment.refunded_at = now;
    payment.status = 'refunded';
    payment.updated_at = now;
    log('refund', `${payment.id}: ${format(amount as number, payment.currency)} refunded`);
    return Response.json(payment);
  }

  async function postWebhook(payment: MoyasarPayment): Promise<void> {
    if (!options.webhook) return;
    const type = payment.status === 'paid' ? 'payment_paid' : 'payment_failed';
    const body = {
      id: randomUUID(),
      type,
      created_at: new Date().toISOString(),
      secret_token: options.webhook.secret,
      account_name: 'Nuzl',
      live: false,
      data: payment,
    };
    try {
      const res = await fetch(options.webhook.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      log('webhook', `${type} ${payment.id} → ${res.status}`);
    } catch (err) {
      log('webhook_failed', `${type} ${payment.id}: ${(err as Error).message}`);
    }
  }

  return {
    invoices,
    payments,
    events,
    /** The invoice a hosted page shows (null: unknown). */
    invoice: (id: string) => invoices.get(id) ?? null,
    /**
     * A payment attempt on the hosted page: records it with the test environment's outcome, marks a
     * paid invoice paid, posts the webhook and returns the payment.
     */
    async pay(invoice: MoyasarInvoice, source: Record<string, unknown>, outcome: Outcome): Promise<MoyasarPayment> {
      const now = new Date().toISOString();
      const payment: MoyasarPayment = {
        id: randomUUID(),
        status: outcome.status,
        amount: invoice.amount,
        fee: 0,
        currency: invoice.currency,
        refunded: 0,
        refunded_at: null,
        captured: 0,
        captured_at: null,
        voided_at: null,
        description: invoice.description,
        amount_format: invoice.amount_format,
        fee_format: format(0, invoice.currency),
        refunded_format: format(0, invoice.currency),
        captured_format: format(0, invoice.currency),
        invoice_id: invoice.id,
        ip: null,
        callback_url: invoice.callback_url,
        created_at: now,
        updated_at: now,
        metadata: invoice.metadata,
        source: { ...source, message: outcome.message, response_code: outcome.responseCode },
      };
      payments.set(payment.id, payment);
      if (outcome.status === 'paid') {
        invoice.status = 'paid';
        invoice.updated_at = now;
      }
      log('payment', `${payment.id} (${String(source.type)}) ${payment.status}: ${outcome.message}`);
      await postWebhook(payment);
      return payment;
    },
    /** Tests: the next `count` refund calls fail with 503, as during a gateway outage. */
    failNextRefunds(count: number) {
      refundOutages = count;
    },
    /** Requests under /_sandbox/moyasar with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname.replace(/\/+$/, '') || '/';
      if (path === '/' || path === '/page') return new Response(renderLog(events), { headers: HTML });
      if (path === '/events') return Response.json(events);
      if (!path.startsWith('/v1/')) return error(404, 'api_error', 'Not Found');
      if (!authorised(req)) return error(401, 'authentication_error', 'Invalid authorization credentials');
      if (path === '/v1/invoices') {
        if (req.method !== 'POST') return error(405, 'api_error', 'Method Not Allowed');
        return createInvoice(req);
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (refund) {
        if (req.method !== 'POST') return error(405, 'api_error', 'Method Not Allowed');
        const payment = payments.get(decodeURIComponent(refund[1]!));
        return payment ? refundPayment(req, payment) : error(404, 'api_error', 'Object not found');
      }
      const found = /^\/v1\/(invoices|payments)\/([^/]+)$/.exec(path);
      if (!found) return error(404, 'api_error', 'Not Found');
      if (req.method !== 'GET') return error(405, 'api_error', 'Method Not Allowed');
      const id = decodeURIComponent(found[2]!);
      if (found[1] === 'invoices') {
        const invoice = invoices.get(id);
        return invoice ? Response.json(invoiceJson(invoice)) : error(404, 'api_error', 'Object not found');
      }
      const payment = payments.get(id);
      return payment ? Response.json(payment) : error(404, 'api_error', 'Object not found');
    },
  };
}

export type MoyasarSandbox = ReturnType<typeof createMoyasarSandbox>;

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderLog(events: MoyasarEvent[]): string {
  const rows = events
    .map((e) => `<li><time>${escapeHtml(e.at)}</time> <b>${escapeHtml(e.kind)}</b> ${escapeHtml(e.summary)}</li>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moyasar sandbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:50rem;padding:0 1rem}li{margin:.4rem 0}time{color:#6b7280;font-size:.85rem}</style>
</head><body><h1>Moyasar sandbox</h1>
<p>Invoices, payments and webhooks of the local payment gateway (newest first). Test cards: mada 4201320111111010 (paid),
4201321234411220 (declined); Visa 4111111111111111 (paid), 4123120001090109 (declined); STC Pay OTP 123456 (paid), 111111 (insufficient funds).</p>
${rows ? `<ul>${rows}</ul>` : '<p><i>Nothing yet.</i></p>'}</body></html>`;
}
