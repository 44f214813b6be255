/**
 * Money (issue 11), corrections and payments: credit notes never exceed what they correct, debit
 * notes add a charge, cancelling issues a credit note (never over payments), refunds are at most
 * what was paid minus earlier refunds and issue their credit note, payments never exceed the
 * balance and are refused on drafts, credit notes and closed documents, deleting a payment needs a
 * reason and is audited. Through supabase-js as the owner, an accountant-like role, a member
 * without invoice or payment rights, and the owner of another organisation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, day, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let member1: Db;
let owner2: Db;
let accountant: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
  accountant = (
    await newStaff(stack, {
      org: ORG1,
      permissions: ['invoices.read', 'invoices.write', 'payments.read', 'payments.write'],
      name: 'Accountant',
    })
  ).client;
});
afterAll(() => stack?.stop());

type Doc = {
  id: string;
  status: string;
  invoice_number: string;
  document_type: string;
  total_amount: number;
  vat_amount: number;
  subtotal: number;
  paid_amount: number;
  refunded_amount: number;
  credited_amount: number;
  balance_due: number;
  currency: string;
  exchange_rate: number;
  cancellation_reason: string | null;
};
type Page = Doc & {
  credit_notes: Array<{ id: string; total_amount: number; reason: string; status: string }>;
  debit_notes: Array<{ id: string; total_amount: number; balance_due: number }>;
  payments: Array<{ id: string; amount: number; is_refund: boolean; credit_note_id: string | null }>;
  lines: Array<{ rate: number; vat_category: string; amount: number }>;
};

function refusal(answer: { error: { code?: string; hint?: string | null } | null; status: number }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

/** An issued invoice of `rate` (+15 % VAT) per line. */
async function issued(db: Db = owner1, rates = [1000], extra: Record<string, unknown> = {}): Promise<Doc> {
  const made = await db.rpc('create_invoice', {
    invoice: { due_date: day(10), lines: rates.map((rate) => ({ description: 'Stay', quantity: 1, rate })), ...extra },
  });
  expect(made.error).toBeNull();
  const out = await db.rpc('issue_invoice', { invoice_id: (made.data as Doc).id });
  expect(out.error).toBeNull();
  return out.data as Doc;
}

async function page(id: string, db: Db = owner1): Promise<Page> {
  const { data, error } = await db.rpc('get_invoice', { invoice_id: id });
  expect(error).toBeNull();
  return data as Page;
}

async function note(db: Db, type: 'credit_note' | 'debit_note', original: string, rate: number, reason = 'Correction') {
  const made = await db.rpc('create_invoice', {
    invoice: {
      document_type: type,
      original_invoice_id: original,
      reason,
      lines: [{ description: 'Adjustment', quantity: 1, rate }],
    },
  });
  if (made.error) return made;
  return db.rpc('issue_invoice', { invoice_id: (made.data as Doc).id });
}

const pay = (db: Db, invoice_id: string, amount: number, method = 'cash') =>
  db.rpc('record_payment', { invoice_id, amount, method: method as 'cash' });

describe('credit notes never exceed what they correct', () => {
  it('a credit note reduces the balance; one more than what is due is refused (409)', async () => {
    const inv = await issued(owner1, [1000]); // 1150.00
    const first = await note(owner1, 'credit_note', inv.id, 400); // 460.00
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      document_type: 'credit_note',
      status: 'paid',
      total_amount: 460,
      balance_due: 0,
    });
    let now = await page(inv.id);
    expect(now).toMatchObject({ credited_amount: 460, balance_due: 690, status: 'pending' });
    expect(now.credit_notes).toEqual([expect.objectContaining({ total_amount: 460, reason: 'Correction' })]);

    const tooMuch = await note(owner1, 'credit_note', inv.id, 600.01); // 690.01 > 690
    expect(refusal(tooMuch)).toEqual({ status: 409, code: 'PT409', hint: 'credit_note_exceeds_balance' });
    // Exactly the rest: the invoice is cancelled by its credit notes (nothing was paid).
    expect((await note(owner1, 'credit_note', inv.id, 600)).error).toBeNull();
    now = await page(inv.id);
    expect(now).toMatchObject({ credited_amount: 1150, balance_due: 0, status: 'cancelled' });
    expect(refusal(await note(owner1, 'credit_note', inv.id, 0.01))).toMatchObject({
      status: 409,
      hint: 'credit_note_exceeds_balance',
    });
  });

  it('over what was already paid: refunds only (a plain credit note cannot make the balance negative)', async () => {
    const inv = await issued(owner1, [100]); // 115
    expect((await pay(owner1, inv.id, 100)).error).toBeNull();
    expect(refusal(await note(owner1, 'credit_note', inv.id, 20))).toMatchObject({
      hint: 'credit_note_exceeds_balance',
    });
    expect((await note(owner1, 'credit_note', inv.id, 13.04)).error).toBeNull(); // 15.00 exactly
    expect(await page(inv.id)).toMatchObject({ status: 'paid', balance_due: 0, credited_amount: 15 });
  });

  it('20 concurrent credit notes on one invoice never credit more than its total', async () => {
    const inv = await issued(owner1, [1000]); // 1150
    const drafts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await owner1.rpc('create_invoice', {
        invoice: {
          document_type: 'credit_note',
          original_invoice_id: inv.id,
          reason: `Race ${i}`,
          lines: [{ description: 'Adjustment', quantity: 1, rate: 100 }], // 115 each: only 10 fit
        },
      });
      drafts.push((made.data as Doc).id);
    }
    const answers = await Promise.all(drafts.map((id) => owner1.rpc('issue_invoice', { invoice_id: id })));
    const ok = answers.filter((a) => !a.error);
    expect(ok).toHaveLength(10);
    for (const failed of answers.filter((a) => a.error)) expect(failed.error!.hint).toBe('credit_note_exceeds_balance');
    expect(await page(inv.id)).toMatchObject({ credited_amount: 1150, balance_due: 0, status: 'cancelled' });
  });

  it('notes need an issued original of the same organisation, a reason, and the original’s currency', async () => {
    const usd = await issued(owner1, [100], { currency: 'USD', exchange_rate: 3.75 });
    const made = await owner1.rpc('create_invoice', {
      invoice: {
        document_type: 'credit_note',
        original_invoice_id: usd.id,
        reason: 'Discount',
        lines: [{ description: 'Discount', quantity: 1, rate: 10 }],
      },
    });
    expect(made.data).toMatchObject({ currency: 'USD', exchange_rate: 3.75 });
    const mismatch = await owner1.rpc('create_invoice', {
      invoice: {
        document_type: 'credit_note',
        original_invoice_id: usd.id,
        reason: 'Discount',
        currency: 'SAR',
        lines: [{ description: 'Discount', quantity: 1, rate: 10 }],
      },
    });
    expect(refusal(mismatch)).toEqual({ status: 400, code: '23514', hint: 'invoice_currency_mismatch' });
    const noReason = await owner1.rpc('create_invoice', {
      invoice: {
        document_type: 'credit_note',
        original_invoice_id: usd.id,
        lines: [{ description: 'x', quantity: 1, rate: 1 }],
      },
    });
    expect(refusal(noReason)).toMatchObject({ status: 400, hint: 'invoice_reason_required' });
    const draftOriginal = await owner1.rpc('create_invoice', {
      invoice: { lines: [{ description: 'x', quantity: 1, rate: 1 }] },
    });
    expect(refusal(await note(owner1, 'credit_note', (draftOriginal.data as Doc).id, 1))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'invoice_original_not_issued',
    });
    const creditNote = (await note(owner1, 'credit_note', usd.id, 5)).data as Doc;
    expect(refusal(await note(owner1, 'debit_note', creditNote.id, 5))).toMatchObject({
      hint: 'invoice_original_invalid',
    });
    expect(refusal(await note(owner2, 'credit_note', usd.id, 1))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'invoice_not_found',
    });
  });
});

describe('debit notes add a charge of their own', () => {
  it('a debit note is its own receivable; a credit note may correct it', async () => {
    const inv = await issued(owner1, [500]);
    const debit = await note(owner1, 'debit_note', inv.id, 150, 'Late check-out');
    expect(debit.error).toBeNull();
    const d = debit.data as Doc;
    expect(d).toMatchObject({
      document_type: 'debit_note',
      status: 'pending',
      total_amount: 172.5,
      balance_due: 172.5,
    });
    expect((await page(inv.id)).debit_notes).toEqual([expect.objectContaining({ id: d.id, total_amount: 172.5 })]);
    expect((await pay(owner1, d.id, 172.5, 'mada')).error).toBeNull();
    expect(await page(d.id)).toMatchObject({ status: 'paid' });
    // The original is unchanged by its debit note.
    expect(await page(inv.id)).toMatchObject({ total_amount: 575, balance_due: 575 });
  });
});

describe('cancel', () => {
  it('a draft is discarded without a number', async () => {
    const made = await owner1.rpc('create_invoice', {
      invoice: { lines: [{ description: 'x', quantity: 1, rate: 1 }] },
    });
    const out = await owner1.rpc('cancel_invoice', { invoice_id: (made.data as Doc).id, reason: 'Not needed' });
    expect(out.data).toMatchObject({ status: 'cancelled', invoice_number: null, cancellation_reason: 'Not needed' });
    expect(refusal(await owner1.rpc('issue_invoice', { invoice_id: (made.data as Doc).id }))).toMatchObject({
      status: 409,
      hint: 'invoice_closed',
    });
  });

  it('an issued unpaid invoice gets a full credit note (its own lines) and becomes cancelled', async () => {
    const inv = await issued(owner1, [333.33, 100]);
    const out = await owner1.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'Booking cancelled' });
    expect(out.error).toBeNull();
    expect(out.data).toMatchObject({ status: 'cancelled', credited_amount: inv.total_amount, balance_due: 0 });
    const now = await page(inv.id);
    expect(now.credit_notes).toHaveLength(1);
    const cn = await page(now.credit_notes[0]!.id);
    expect(cn.lines.map((l) => l.rate)).toEqual([333.33, 100]);
    expect(cn).toMatchObject({ total_amount: inv.total_amount, vat_amount: inv.vat_amount });
    expect(refusal(await owner1.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'again' }))).toMatchObject({
      status: 409,
      hint: 'invoice_closed',
    });
    expect(refusal(await owner1.rpc('cancel_invoice', { invoice_id: cn.id, reason: 'undo' }))).toMatchObject({
      status: 409,
      hint: 'credit_note_final',
    });
    expect(refusal(await pay(owner1, inv.id, 1))).toMatchObject({ hint: 'invoice_closed' });
  });

  it('after a partial credit note, the cancelling note covers exactly what remains (rounding halala out of scope)', async () => {
    const inv = await issued(owner1, [1000]); // 1150.00
    // A credit note of 0.10 + 0.02 VAT = 0.12 leaves 1149.88, which no net + 15 % VAT reaches:
    // 999.89 → 1149.87, 999.90 → 1149.89.
    expect((await note(owner1, 'credit_note', inv.id, 0.1)).data).toMatchObject({ total_amount: 0.12 });
    const out = await owner1.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'Cancelled' });
    expect(out.data).toMatchObject({ status: 'cancelled', balance_due: 0, credited_amount: 1150 });
    const notes = (await page(inv.id)).credit_notes;
    const cancelling = await page(notes[notes.length - 1]!.id);
    expect(cancelling.total_amount).toBe(1149.88);
    expect(cancelling.lines).toEqual([
      expect.objectContaining({ vat_category: 'S', amount: 999.89 }),
      expect.objectContaining({ vat_category: 'O', amount: 0.01 }),
    ]);
  });

  it('with payments: refund first (409 invoice_has_payments); needs a reason and invoices.write', async () => {
    const inv = await issued(owner1, [100]);
    await pay(owner1, inv.id, 50);
    expect(refusal(await owner1.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'x' }))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'invoice_has_payments',
    });
    expect(refusal(await owner1.rpc('cancel_invoice', { invoice_id: inv.id, reason: ' ' }))).toEqual({
      status: 400,
      code: '23514',
      hint: 'cancel_reason_required',
    });
    const readOnly = (await newStaff(stack, { org: ORG1, permissions: ['invoices.read'] })).client;
    expect(refusal(await readOnly.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'x' }))).toEqual({
      status: 403,
      code: '42501',
      hint: 'invoices_write_required',
    });
    expect(refusal(await member1.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'x' }))).toMatchObject({
      status: 404,
    });
    expect(refusal(await owner2.rpc('cancel_invoice', { invoice_id: inv.id, reason: 'x' }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'invoice_not_found',
    });
  });
});

describe('refunds: at most what was paid minus earlier refunds', () => {
  it('a partial refund issues its credit note and a refund row; the rest can be refunded; then refunded', async () => {
    const inv = await issued(owner1, [1000]); // 1150
    await pay(owner1, inv.id, 1150, 'credit_card');
    const partial = await owner1.rpc('refund_invoice', {
      invoice_id: inv.id,
      amount: 400,
      reason: 'One night less',
      method: 'credit_card',
      reference_number: 'RF-1',
    });
    expect(partial.error).toBeNull();
    expect(partial.data).toMatchObject({
      status: 'paid',
      paid_amount: 1150,
      refunded_amount: 400,
      credited_amount: 400,
    });
    let now = await page(inv.id);
    const refundRow = now.payments.find((p) => p.is_refund)!;
    expect(refundRow).toMatchObject({ amount: 400, credit_note_id: now.credit_notes[0]!.id });
    expect(now.credit_notes[0]).toMatchObject({ total_amount: 400, reason: 'One night less' });

    expect(
      refusal(await owner1.rpc('refund_invoice', { invoice_id: inv.id, amount: 750.01, reason: 'x', method: 'cash' })),
    ).toEqual({ status: 400, code: '23514', hint: 'refund_exceeds_paid' });
    const rest = await owner1.rpc('refund_invoice', {
      invoice_id: inv.id,
      amount: 750,
      reason: 'Cancelled',
      method: 'cash',
    });
    expect(rest.data).toMatchObject({
      status: 'refunded',
      refunded_amount: 1150,
      credited_amount: 1150,
      balance_due: 0,
    });
    expect(
      refusal(await owner1.rpc('refund_invoice', { invoice_id: inv.id, amount: 0.01, reason: 'x', method: 'cash' })),
    ).toMatchObject({ hint: 'refund_exceeds_paid' });
    now = await page(inv.id);
    expect(now.credit_notes.reduce((s, n) => s + n.total_amount, 0)).toBe(1150);
  });

  it('amounts 15 % VAT cannot reach exactly still credit to the halala', async () => {
    const inv = await issued(owner1, [100]); // 115
    await pay(owner1, inv.id, 115);
    // 0.04 cannot be net + round(15 %): 0.03 → 0.03, 0.04 → 0.05.
    const out = await owner1.rpc('refund_invoice', { invoice_id: inv.id, amount: 0.04, reason: 'x', method: 'cash' });
    expect(out.data).toMatchObject({ refunded_amount: 0.04, credited_amount: 0.04, balance_due: 0, status: 'paid' });
    const cn = await page((await page(inv.id)).credit_notes[0]!.id);
    expect(cn.total_amount).toBe(0.04);
    expect(cn.lines).toEqual([
      expect.objectContaining({ vat_category: 'S', amount: 0.03 }),
      expect.objectContaining({ vat_category: 'O', amount: 0.01 }),
    ]);
  });

  it('refused: nothing paid, a draft, a credit note, bad amounts; rights and tenancy first', async () => {
    const unpaid = await issued(owner1, [100]);
    expect(
      refusal(await owner1.rpc('refund_invoice', { invoice_id: unpaid.id, amount: 1, reason: 'x', method: 'cash' })),
    ).toMatchObject({ hint: 'refund_exceeds_paid' });
    for (const amount of [0, -1, 1.234]) {
      expect(
        refusal(await owner1.rpc('refund_invoice', { invoice_id: unpaid.id, amount, reason: 'x', method: 'cash' })),
      ).toEqual({ status: 400, code: '22023', hint: 'refund_amount_invalid' });
    }
    expect(
      refusal(await owner1.rpc('refund_invoice', { invoice_id: unpaid.id, amount: 1, reason: '', method: 'cash' })),
    ).toMatchObject({ hint: 'refund_reason_required' });
    const paid = await issued(owner1, [100]);
    await pay(owner1, paid.id, 115);
    const onlyInvoices = (await newStaff(stack, { org: ORG1, permissions: ['invoices.read', 'invoices.write'] }))
      .client;
    expect(
      refusal(
        await onlyInvoices.rpc('refund_invoice', { invoice_id: paid.id, amount: 1, reason: 'x', method: 'cash' }),
      ),
    ).toEqual({ status: 403, code: '42501', hint: 'payments_write_required' });
    expect(
      refusal(await member1.rpc('refund_invoice', { invoice_id: paid.id, amount: 1, reason: 'x', method: 'cash' })),
    ).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
    for (const id of [paid.id, randomUUID()]) {
      expect(
        refusal(await owner2.rpc('refund_invoice', { invoice_id: id, amount: 1, reason: 'x', method: 'cash' })),
      ).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
    }
    // The accountant (invoices and payments) may.
    expect(
      (await accountant.rpc('refund_invoice', { invoice_id: paid.id, amount: 15, reason: 'x', method: 'cash' })).error,
    ).toBeNull();
    // A refund row cannot be written around refund_invoice.
    const forged = await owner1
      .from('payments')
      .insert({ invoice_id: paid.id, amount: 10, method: 'cash', is_refund: true });
    expect(refusal(forged)).toMatchObject({ status: 403, hint: 'invoice_refund_needs_credit_note' });
  });
});

describe('payments', () => {
  it('partial payments keep a balance; an overpayment is refused with the clear message', async () => {
    const inv = await issued(owner1, [1000]); // 1150
    const first = await pay(owner1, inv.id, 400, 'mada');
    expect(first.data).toMatchObject({ is_partial: true, remaining_balance: 750, currency: 'SAR', amount_sar: 400 });
    const over = await pay(owner1, inv.id, 750.01);
    expect(refusal(over)).toEqual({ status: 400, code: '23514', hint: 'payment_exceeds_balance' });
    expect(over.error!.message).toBe('The payment exceeds the remaining balance of 750.00');
    expect((await pay(owner1, inv.id, 750, 'stc_pay')).error).toBeNull();
    expect(await page(inv.id)).toMatchObject({ status: 'paid', balance_due: 0 });
    expect(refusal(await pay(owner1, inv.id, 1))).toMatchObject({ hint: 'invoice_closed' });
  });

  it('refused on drafts, credit notes, bad amounts and dates; not found elsewhere', async () => {
    const made = await owner1.rpc('create_invoice', {
      invoice: { lines: [{ description: 'x', quantity: 1, rate: 10 }] },
    });
    expect(refusal(await pay(owner1, (made.data as Doc).id, 1))).toMatchObject({ status: 400, hint: 'invoice_draft' });
    const inv = await issued(owner1, [100]);
    const cn = (await note(owner1, 'credit_note', inv.id, 10)).data as Doc;
    expect(refusal(await pay(owner1, cn.id, 1))).toMatchObject({ status: 400, hint: 'payment_on_credit_note' });
    for (const amount of [0, -5, 0.001]) {
      expect(refusal(await pay(owner1, inv.id, amount))).toEqual({
        status: 400,
        code: '22023',
        hint: 'payment_amount_invalid',
      });
    }
    expect(refusal(await pay(owner1, inv.id, 1e12))).toMatchObject({ hint: 'payment_exceeds_balance' });
    const future = await owner1.rpc('record_payment', {
      invoice_id: inv.id,
      amount: 1,
      method: 'cash',
      paid_at: new Date(Date.now() + 3 * 86400_000).toISOString(),
    });
    expect(refusal(future)).toMatchObject({ status: 400, hint: 'payment_date_invalid' });
    expect(refusal(await pay(owner2, inv.id, 1))).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
    expect(refusal(await pay(member1, inv.id, 1))).toEqual({
      status: 403,
      code: '42501',
      hint: 'payments_write_required',
    });
  });

  it('a foreign-currency payment is in the invoice currency and converts at its rate', async () => {
    const inv = await issued(owner1, [100], { currency: 'AED', exchange_rate: 1.02 });
    const p = await pay(owner1, inv.id, 115, 'credit_card');
    expect(p.data).toMatchObject({ currency: 'AED', exchange_rate: 1.02, amount_sar: 117.3 });
  });

  it('deleting a payment needs a reason, is audited with it, and reopens the balance', async () => {
    const inv = await issued(owner1, [100]);
    const p = (await pay(owner1, inv.id, 115, 'bank_transfer')).data as { id: string };
    expect(await page(inv.id)).toMatchObject({ status: 'paid' });
    const direct = await owner1.from('payments').delete().eq('id', p.id);
    expect(refusal(direct)).toMatchObject({ status: 400, hint: 'payment_delete_reason_required' });
    expect(refusal(await owner1.rpc('delete_payment', { payment_id: p.id, reason: '' }))).toMatchObject({
      hint: 'payment_delete_reason_required',
    });
    expect(refusal(await member1.rpc('delete_payment', { payment_id: p.id, reason: 'x' }))).toMatchObject({
      status: 404,
      hint: 'payment_not_found',
    });
    expect(refusal(await owner2.rpc('delete_payment', { payment_id: p.id, reason: 'x' }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'payment_not_found',
    });
    const viewer = (await newStaff(stack, { org: ORG1, permissions: ['payments.read', 'invoices.read'] })).client;
    expect(refusal(await viewer.rpc('delete_payment', { payment_id: p.id, reason: 'x' }))).toEqual({
      status: 403,
      code: '42501',
      hint: 'payments_write_required',
    });
    const out = await accountant.rpc('delete_payment', { payment_id: p.id, reason: 'Recorded twice' });
    expect(out.error).toBeNull();
    expect(out.data).toMatchObject({ status: 'pending', balance_due: 115, paid_amount: 0 });
    const { data: log } = await svc
      .from('audit_log')
      .select('action, reason, before')
      .eq('table_name', 'payments')
      .eq('record_id', p.id)
      .eq('action', 'delete')
      .single();
    expect(log).toMatchObject({
      action: 'delete',
      reason: 'Recorded twice',
      before: expect.objectContaining({ amount: 115 }),
    });
  });

  it('a refund row stays; a payment already refunded in part cannot be deleted', async () => {
    const inv = await issued(owner1, [100]);
    const p = (await pay(owner1, inv.id, 115)).data as { id: string };
    await owner1.rpc('refund_invoice', { invoice_id: inv.id, amount: 15, reason: 'x', method: 'cash' }).throwOnError();
    expect(refusal(await owner1.rpc('delete_payment', { payment_id: p.id, reason: 'x' }))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'payment_refunded',
    });
    const refundRow = (await page(inv.id)).payments.find((x) => x.is_refund)!;
    expect(refusal(await owner1.rpc('delete_payment', { payment_id: refundRow.id, reason: 'x' }))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'payment_refund_immutable',
    });
  });

  it('mark_invoice_paid issues a draft and pays its balance; money changes are audited', async () => {
    const made = await owner1.rpc('create_invoice', {
      invoice: { lines: [{ description: 'x', quantity: 2, rate: 50 }] },
    });
    const out = await owner1.rpc('mark_invoice_paid', { invoice_id: (made.data as Doc).id, method: 'apple_pay' });
    expect(out.data).toMatchObject({ status: 'paid', paid_amount: 115 });
    const { count } = await svc
      .from('audit_log')
      .select('*', { count: 'exact', head: true })
      .in('table_name', ['invoices', 'payments'])
      .eq('record_id', (made.data as Doc).id);
    expect(count).toBeGreaterThan(1);
  });
});
