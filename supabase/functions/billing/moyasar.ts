// Moyasar's API as the billing function uses it (https://docs.moyasar.com, base
// https://api.moyasar.com/v1; locally the stack's sandbox through MOYASAR_API_URL): the secret key
// as the HTTP Basic user name, amounts in halalas, errors as {type, message, errors}.
import type { Env } from '../_shared/service.ts';

export interface MoyasarPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  invoice_id: string | null;
  metadata: Record<string, string> | null;
  /** Halalas refunded so far (Moyasar's `refunded`). */
  refunded?: number;
  source?: { type?: string; message?: string | null } | null;
}

export interface MoyasarInvoice {
  id: string;
  status: string;
  amount: number;
  currency: string;
  url: string;
  metadata: Record<string, string> | null;
  payments?: MoyasarPayment[];
}

/** A gateway answer that was not what the call expected (status and the gateway's message). */
export class MoyasarError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function moyasarClient(env: Env, fetcher: typeof fetch = fetch) {
  const base = (env('MOYASAR_API_URL') ?? 'https://api.moyasar.com/v1').replace(/\/+$/, '');
  const key = env('MOYASAR_SECRET_KEY');
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    if (!key) throw new MoyasarError(0, 'MOYASAR_SECRET_KEY is not set');
    const response = await fetcher(`${base}${path}`, {
      ...init,
      headers: {
        Authorization: `Basic ${btoa(`${key}:`)}`,
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below
    }
    if (!response.ok) {
      const detail = body as { type?: string; message?: string; errors?: unknown } | null;
      throw new MoyasarError(
        response.status,
        `${detail?.type ?? 'error'}: ${detail?.message ?? text.slice(0, 200)}${detail?.errors ? ` ${JSON.stringify(detail.errors)}` : ''}`,
      );
    }
    return body as T;
  }
  return {
    createInvoice: (input: {
      amount: number;
      currency: string;
      description: string;
      callback_url: string;
      success_url: string;
      back_url: string;
      metadata: Record<string, string>;
    }) => call<MoyasarInvoice>('/invoices', { method: 'POST', body: JSON.stringify(input) }),
    getInvoice: (id: string) => call<MoyasarInvoice>(`/invoices/${encodeURIComponent(id)}`),
    getPayment: (id: string) => call<MoyasarPayment>(`/payments/${encodeURIComponent(id)}`),
    /** POST /payments/:id/refund without an amount: Moyasar refunds the whole payment. */
    refundPayment: (id: string) =>
      call<MoyasarPayment>(`/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body: '{}' }),
  };
}

export type Moyasar = ReturnType<typeof moyasarClient>;
