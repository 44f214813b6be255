/**
 * Helpers for the tests of the zatca edge function (supabase/tests/functions-zatca*.test.ts): calls
 * through the gateway as a user, a key or nobody; documents made through the money RPCs
 * (create_invoice + issue_invoice) as staff; waiting for the e-invoicing worker.
 */
import { expect } from 'vitest';
import type { Db } from '../fixtures/db-accounts';
import type { TestStack } from './test-stack';

export type As = { token: string } | { key: string } | null;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A call of /functions/v1/zatca<path>, as a user (access token), with a key, or anonymously. */
export async function zatca(
  stack: TestStack,
  path: string,
  as: As,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { apikey: stack.anonKey };
  if (as && 'token' in as) headers.authorization = `Bearer ${as.token}`;
  if (as && 'key' in as) {
    headers.authorization = `Bearer ${as.key}`;
    headers.apikey = as.key;
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.apiUrl}/functions/v1/zatca${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export interface DocumentSpec {
  document_type?: 'invoice' | 'credit_note' | 'debit_note';
  invoice_kind?: 'simplified' | 'standard';
  original_invoice_id?: string;
  reason?: string;
  buyer_name?: string;
  buyer_vat_number?: string;
  buyer_address?: Record<string, string>;
  lines?: Array<{ description: string; description_ar?: string; quantity: number; rate: number }>;
}

export const STANDARD_BUYER = {
  invoice_kind: 'standard' as const,
  buyer_name: 'شركة الأفق للاستشارات الإدارية',
  buyer_vat_number: '311234567800003',
  buyer_address: {
    street: 'Olaya Street',
    building_number: '2121',
    additional_number: '7788',
    district: 'Al Murooj',
    city: 'Riyadh',
    postal_code: '12283',
    country: 'SA',
  },
};

/** A draft made and issued by `db` (staff with invoices.write) through create_invoice / issue_invoice. */
export async function draftDocument(db: Db, spec: DocumentSpec = {}): Promise<string> {
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await db.rpc(
    'create_invoice' as never,
    {
      invoice: {
        document_type: 'invoice',
        invoice_kind: 'simplified',
        currency: 'SAR',
        due_date: due,
        lines: [{ description: 'Stay, 2 nights', description_ar: 'إقامة ليلتين', quantity: 2, rate: 450 }],
        ...spec,
      },
    } as never,
  );
  expect(created.error, JSON.stringify(created.error)).toBeNull();
  return (created.data as unknown as { id: string }).id;
}

export async function issueDocument(db: Db, spec: DocumentSpec = {}): Promise<string> {
  const id = await draftDocument(db, spec);
  const issued = await db.rpc('issue_invoice' as never, { invoice_id: id } as never);
  expect(issued.error, JSON.stringify(issued.error)).toBeNull();
  return id;
}

export interface ZatcaState {
  id: string;
  invoice_number: string;
  zatca_status: string;
  zatca_invoice_counter: number | null;
  zatca_previous_invoice_hash: string | null;
  zatca_invoice_hash: string | null;
  zatca_qr_payload: string | null;
}

export async function zatcaState(svc: Db, ids: string[]): Promise<ZatcaState[]> {
  const { data, error } = await svc
    .from('invoices')
    .select(
      'id, invoice_number, zatca_status, zatca_invoice_counter, zatca_previous_invoice_hash, zatca_invoice_hash, zatca_qr_payload',
    )
    .in('id', ids);
  expect(error).toBeNull();
  return (data ?? []) as ZatcaState[];
}

/**
 * Waits until none of `ids` is queued or in flight: lets the net worker deliver what was committed
 * (the calls the issue trigger queued) and, when documents are still waiting (their organisation's
 * run was busy), calls process itself as the service role.
 */
export async function settleDocuments(stack: TestStack, svc: Db, ids: string[], timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await stack.jobs.net.settle(timeoutMs);
    const states = await zatcaState(svc, ids);
    if (states.every((s) => !['queued', 'submitted', 'not_submitted'].includes(s.zatca_status))) return states;
    if (Date.now() > until)
      throw new Error(`documents still waiting: ${JSON.stringify(states.map((s) => s.zatca_status))}`);
    const run = await zatca(stack, '/process', { key: stack.serviceRoleKey }, { body: {} });
    expect(run.status, run.text).toBe(200);
    // A busy organisation (another run holds it) answers at once: give that run a moment.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function submissionOf(svc: Db, invoiceId: string) {
  const { data, error } = await svc
    .from('einvoicing_submissions')
    .select('*')
    .eq('invoice_id', invoiceId)
    .neq('kind', 'compliance')
    .single();
  expect(error).toBeNull();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return data as any;
}

/**
 * Processes until nothing is due any more (documents left from another test or the seed, e.g.
 * after a run used up its time budget), so the next test's documents are sent on their own.
 */
export async function drainQueue(stack: TestStack, rounds = 120) {
  await stack.jobs.net.settle();
  for (let i = 0; i < rounds; i++) {
    const run = await zatca(stack, '/process', { key: stack.serviceRoleKey }, { body: {} });
    expect(run.status, run.text).toBe(200);
    const organizations = run.body.organizations as Array<{ status: string; documents: unknown[] }>;
    const sent = organizations.reduce((n, o) => n + o.documents.length, 0);
    // Another run (e.g. the one onboarding starts) still works on an organisation: wait for it.
    const busy = organizations.some((o) => o.status === 'busy');
    if (sent === 0 && !busy) return;
    if (busy) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the e-invoicing queue did not drain');
}
