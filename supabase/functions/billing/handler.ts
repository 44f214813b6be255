// /functions/v1/billing — paying for a plan change through Moyasar (issue 14, Settings → Billing):
//   POST /billing/checkout {plan, cycle}   settings.manage staff: a checkout and the gateway's hosted page URL
//   GET  /billing/checkout/<id>            settings.manage staff: the checkout, verified again while pending
//   GET  /billing/callback?checkout=<id>   the payer's browser back from the hosted page: verify, then
//                                          redirect to /dashboard/settings?tab=billing&checkout=<id>
//   POST /billing/webhook                  Moyasar's webhook (secret_token checked): verify and complete
// Every completion fetches the payment from Moyasar with the secret key and lets the database
// (complete_subscription_checkout) switch the plan only when amount, currency and metadata match.
// A paid payment of the checkout's own invoice that the database refuses (checkout_stale: the plan
// changed meanwhile; checkout_mismatch) is refunded in full at Moyasar (POST /payments/:id/refund)
// and the checkout marked `refunded` with the reason; if the refund call fails the checkout is
// `refund_pending`, retried on the next callback, webhook (answered 503 so Moyasar delivers it
// again) or read of the checkout, and listed in Super admin → Platform health.
// Errors are JSON {code, message[, details]}: 4xx for the caller's mistakes, never 5xx for them.
import { corsHeaders } from '../_shared/cors.ts';
import { answer, sameSecret, type Env } from '../_shared/service.ts';
import { jwtPayload, supabaseClients, type SupabaseClient } from '../_shared/supabase.ts';
import { MoyasarError, moyasarClient, type Moyasar, type MoyasarPayment } from './moyasar.ts';
import { createRefunder } from './refund.ts';
import { completionOf, decidingPayment, isRefundReason, type CheckoutRow } from './verify.ts';

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLANS = ['basic', 'advanced', 'enterprise'] as const;
const CYCLES = ['monthly', 'yearly'] as const;
const PLAN_NAMES: Record<string, string> = { basic: 'Basic', advanced: 'Advanced' };

export interface Deps {
  env: Env;
  fetch?: typeof fetch;
}

export function createBillingHandler(deps: Deps) {
  const { env } = deps;
  const { url, serviceDb, callerDb } = supabaseClients(env);
  const moyasar: Moyasar = moyasarClient(env, deps.fetch);
  const { refund, retryRefund } = createRefunder(moyasar, serviceDb);

  /** The signed-in caller holding settings.manage, with their organisation; 401 / 403 otherwise. */
  async function manager(req: Request): Promise<{ userId: string; organizationId: string; db: SupabaseClient }> {
    const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
    const payload = token ? jwtPayload(token) : null;
    if (!token || !payload || payload.role !== 'authenticated' || typeof payload.sub !== 'string') {
      throw new Problem(401, 'unauthorized', 'Sign in to continue');
    }
    const db = callerDb(token);
    // The database verifies the token (PostgREST) while answering the caller's own permissions.
    const { data, error, status } = await db.rpc('my_permissions');
    if (error) {
      if (status === 401 || status === 403 || /^PGRST30/.test(error.code ?? '')) {
        throw new Problem(401, 'unauthorized', 'Sign in to continue');
      }
      throw new Error(`my_permissions failed: ${error.message}`);
    }
    const billing = await db.rpc('my_billing');
    const organizationId = (billing.data as { organization_id?: string } | null)?.organization_id;
    if (!organizationId || !((data ?? []) as string[]).includes('settings.manage')) {
      throw new Problem(403, 'forbidden', 'You do not have permission to do this');
    }
    return { userId: payload.sub, organizationId, db };
  }

  async function checkoutRow(id: string): Promise<CheckoutRow | null> {
    if (!UUID.test(id)) return null;
    const { data, error } = await serviceDb().from('subscription_checkouts').select('*').eq('id', id).maybeSingle();
    if (error) throw new Error(`subscription_checkouts failed: ${error.message}`);
    return data as CheckoutRow | null;
  }

  /**
   * Completes the checkout with a payment fetched from Moyasar; the row as it then is. A payment of
   * another invoice is refused (409) and left alone: it is not this checkout's money.
   */
  async function complete(checkout: CheckoutRow, payment: MoyasarPayment): Promise<CheckoutRow> {
    if (payment.invoice_id !== checkout.provider_invoice_id) {
      throw new Problem(409, 'checkout_mismatch', 'The payment does not match this checkout.');
    }
    if (checkout.status === 'refunded') return checkout;
    if (checkout.status === 'refund_pending' && checkout.refund_reason) {
      return await refund(checkout, payment, checkout.refund_reason);
    }
    // Refunded at the gateway by someone else (the dashboard): not a decline, nothing to apply.
    if (payment.status === 'refunded') return checkout;
    const { data, error, status } = await serviceDb().rpc(
      'complete_subscription_checkout',
      completionOf(checkout, payment),
    );
    if (error) {
      const code = error.hint ?? 'checkout_refused';
      if (status === 409 && isRefundReason(code) && ['paid', 'captured'].includes(payment.status)) {
        return await refund(checkout, payment, code);
      }
      if (status >= 400 && status < 500) throw new Problem(status, code, error.message);
      throw new Error(`complete_subscription_checkout failed: ${error.message}`);
    }
    return data as CheckoutRow;
  }

  /** Looks the checkout's invoice up at Moyasar and settles the checkout if a payment decides it. */
  async function verify(checkout: CheckoutRow): Promise<{ row: CheckoutRow; returnOrigin: string | null }> {
    if (!checkout.provider_invoice_id) return { row: checkout, returnOrigin: null };
    const invoice = await moyasar.getInvoice(checkout.provider_invoice_id);
    const returnOrigin = invoice.metadata?.return_origin ?? null;
    if (checkout.status === 'paid' || checkout.status === 'refunded') return { row: checkout, returnOrigin };
    if (checkout.status === 'refund_pending') return { row: await retryRefund(checkout), returnOrigin };
    const payment = decidingPayment(checkout, invoice);
    if (!payment) return { row: checkout, returnOrigin };
    return { row: await complete(checkout, payment), returnOrigin };
  }

  /** Where the payer goes back to: the app origin the checkout was opened from, if allowed. */
  function returnOrigin(req: Request): string {
    const site = siteOrigin(env('SITE_URL'));
    const origin = req.headers.get('origin');
    if (origin && (origin === site || (isLoopbackOrigin(origin) && (!site || isLoopbackOrigin(site))))) return origin;
    if (!site) throw new Error('SITE_URL is not set');
    return site;
  }

  async function openCheckout(req: Request): Promise<Response> {
    const caller = await manager(req);
    let body: { plan?: unknown; cycle?: unknown };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      throw new Problem(400, 'invalid_input', 'Please check your input and try again.');
    }
    const plan = PLANS.find((p) => p === body?.plan);
    const cycle = CYCLES.find((c) => c === body?.cycle);
    if (!plan || !cycle) throw new Problem(400, 'invalid_input', 'Please check your input and try again.');
    const opened = await serviceDb().rpc('open_subscription_checkout', {
      organization_id: caller.organizationId,
      plan,
      billing_cycle: cycle,
      created_by: caller.userId,
    });
    if (opened.error) {
      if (opened.status >= 400 && opened.status < 500) {
        let details: unknown;
        try {
          details = opened.error.details ? JSON.parse(opened.error.details) : undefined;
        } catch {
          details = undefined;
        }
        throw new Problem(opened.status, opened.error.hint ?? 'checkout_refused', opened.error.message, details);
      }
      throw new Error(`open_subscription_checkout failed: ${opened.error.message}`);
    }
    const checkout = opened.data as CheckoutRow & { plan: string; billing_cycle: string };
    const origin = returnOrigin(req);
    const callback = `${url()}/functions/v1/billing/callback?checkout=${checkout.id}`;
    let invoice;
    try {
      invoice = await moyasar.createInvoice({
        amount: checkout.amount_halalas,
        currency: checkout.currency,
        description: `Nuzl ${PLAN_NAMES[checkout.plan]} plan, ${checkout.billing_cycle} (VAT included)`,
        callback_url: callback,
        success_url: callback,
        back_url: `${origin}/dashboard/settings?tab=billing`,
        metadata: {
          checkout_id: checkout.id,
          organization_id: checkout.organization_id,
          plan: checkout.plan,
          billing_cycle: checkout.billing_cycle,
          return_origin: origin,
        },
      });
    } catch (error) {
      if (error instanceof MoyasarError) {
        console.error('billing: creating the invoice failed:', error.message);
        throw new Problem(
          502,
          'payment_gateway_unavailable',
          'The payment service is not available; please try again.',
        );
      }
      throw error;
    }
    const attached = await serviceDb().rpc('attach_subscription_checkout_invoice', {
      checkout_id: checkout.id,
      provider_invoice_id: invoice.id,
    });
    if (attached.error) throw new Error(`attach_subscription_checkout_invoice failed: ${attached.error.message}`);
    return answer(201, { checkout_id: checkout.id, url: invoice.url, amount_halalas: checkout.amount_halalas });
  }

  async function readCheckout(req: Request, id: string): Promise<Response> {
    const caller = await manager(req);
    // Visible through RLS (the caller's organisation, settings.manage) or it does not exist for them.
    const visible = UUID.test(id)
      ? await caller.db.from('subscription_checkouts').select('id').eq('id', id).maybeSingle()
      : { data: null, error: null };
    if (visible.error) throw new Error(`subscription_checkouts failed: ${visible.error.message}`);
    const row = visible.data ? await checkoutRow(id) : null;
    if (!row || row.organization_id !== caller.organizationId) {
      throw new Problem(404, 'checkout_not_found', 'This checkout was not found');
    }
    const unsettled = row.status === 'pending' || row.status === 'refund_pending';
    const settled = unsettled ? (await verify(row).catch(gatewayDown(row))).row : row;
    return answer(200, settled as unknown as Record<string, unknown>);
  }

  /** A gateway outage while re-verifying leaves the row as it was (the tab polls again). */
  const gatewayDown = (row: CheckoutRow) => (error: unknown) => {
    if (error instanceof MoyasarError) return { row, returnOrigin: null };
    throw error;
  };

  async function callback(req: Request): Promise<Response> {
    const params = new URL(req.url).searchParams;
    const id = params.get('checkout') ?? '';
    const site = siteOrigin(env('SITE_URL'));
    const row = await checkoutRow(id);
    if (!row) {
      if (!site) throw new Problem(404, 'checkout_not_found', 'This checkout was not found');
      return redirect(`${site}/dashboard/settings?tab=billing`);
    }
    let origin: string | null = null;
    try {
      origin = (await verify(row)).returnOrigin;
    } catch (error) {
      // The tab shows the checkout's state and polls; a refusal or an outage is no reason to strand the payer.
      if (!(error instanceof Problem) && !(error instanceof MoyasarError)) throw error;
      console.error('billing: callback verification:', (error as Error).message);
    }
    return redirect(`${origin ?? site}/dashboard/settings?tab=billing&checkout=${row.id}`);
  }

  async function webhook(req: Request): Promise<Response> {
    let event: { type?: unknown; secret_token?: unknown; data?: { id?: unknown } };
    try {
      event = (await req.json()) as typeof event;
    } catch {
      throw new Problem(400, 'invalid_input', 'The webhook body is not JSON');
    }
    const secret = env('MOYASAR_WEBHOOK_SECRET');
    if (!secret) throw new Error('MOYASAR_WEBHOOK_SECRET is not set');
    if (typeof event?.secret_token !== 'string' || !sameSecret(event.secret_token, secret)) {
      throw new Problem(401, 'invalid_secret_token', 'The webhook secret token is wrong');
    }
    const paymentId = event.data?.id;
    if (typeof paymentId !== 'string' || !paymentId) throw new Problem(400, 'invalid_input', 'No payment id');
    // Never the body's word: the payment as Moyasar has it.
    let payment: MoyasarPayment;
    try {
      payment = await moyasar.getPayment(paymentId);
    } catch (error) {
      if (error instanceof MoyasarError && error.status === 404) {
        throw new Problem(404, 'payment_not_found', 'No such payment at the gateway');
      }
      throw error;
    }
    const row = await checkoutRow(payment.metadata?.checkout_id ?? '');
    if (!row) throw new Problem(404, 'checkout_not_found', 'This checkout was not found');
    const settled = await complete(row, payment);
    // A refund still owed: not received, so that Moyasar delivers the webhook again (a retry).
    const status = settled.status === 'refund_pending' ? 503 : 200;
    return answer(status, { received: status === 200, checkout_id: settled.id, status: settled.status });
  }

  async function route(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.replace(/^.*?\/billing(?=\/|$)/, '').replace(/\/+$/, '') || '/';
    const one = /^\/checkout\/([^/]+)$/.exec(path);
    if (path === '/checkout' && req.method === 'POST') return await openCheckout(req);
    if (one && req.method === 'GET') return await readCheckout(req, decodeURIComponent(one[1]!));
    if (path === '/callback' && req.method === 'GET') return await callback(req);
    if (path === '/webhook' && req.method === 'POST') return await webhook(req);
    if (['/checkout', '/callback', '/webhook'].includes(path) || one) {
      throw new Problem(405, 'method_not_allowed', 'Method not allowed');
    }
    throw new Problem(404, 'not_found', 'Not found');
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    try {
      return await route(req);
    } catch (error) {
      if (error instanceof Problem) {
        const body: Record<string, unknown> = { code: error.code, message: error.message };
        if (error.details !== undefined) body.details = error.details;
        return answer(error.status, body);
      }
      console.error('billing:', error);
      return answer(500, { code: 'internal_error', message: 'The billing service failed; please try again' });
    }
  };
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

function siteOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const { protocol, hostname } = new URL(origin);
    return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}
