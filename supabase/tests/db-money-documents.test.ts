/**
 * Money (issue 11), documents: the seller tax profile, drafts without numbers, issuing (one
 * gap-free sequence even under 20 concurrent issues, issue date and time in the organisation's
 * time zone, seller and buyer snapshot, Phase 1 QR reproducing the public vectors), immutability
 * after issue and bad input, each refusal a 4xx with its key. Through supabase-js as the owner, a
 * member without invoice permissions, an accountant-like role with invoices/payments only, and the
 * owner of another organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, day, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';
import type { TablesUpdate } from '../../src/types/database';

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

type Invoice = {
  id: string;
  status: string;
  invoice_number: string | null;
  sequence_number: number | null;
  total_amount: number;
  vat_amount: number;
  subtotal: number;
  issue_date: string;
  issue_time: string | null;
  issued_at: string | null;
  zatca_qr_payload: string | null;
  zatca_status: string;
  seller_name: string | null;
  seller_vat_number: string | null;
  buyer_name: string | null;
  document_type: string;
  currency: string;
  exchange_rate: number | null;
};

const line = (rate = 100, extra: Record<string, unknown> = {}) => ({
  description: 'Night',
  quantity: 1,
  rate,
  ...extra,
});

async function draft(db: Db, invoice: Record<string, unknown> = {}) {
  return db.rpc('create_invoice', { invoice: { due_date: day(10), lines: [line()], ...invoice } });
}

async function issued(db: Db = owner1, invoice: Record<string, unknown> = {}): Promise<Invoice> {
  const made = await draft(db, invoice);
  expect(made.error).toBeNull();
  const out = await db.rpc('issue_invoice', { invoice_id: (made.data as Invoice).id });
  expect(out.error).toBeNull();
  return out.data as Invoice;
}

function refusal(answer: { error: { code?: string; hint?: string | null } | null; status: number }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

/** TLV records of a Base64 QR payload: tag → UTF-8 value. */
function decodeQr(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    out[tag] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return out;
}

describe('the seller tax profile', () => {
  const profile = {
    legal_name_ar: 'شركة نزل للإقامات القصيرة',
    legal_name_en: 'Nuzl Short Stays Company',
    vat_number: '310123456700003',
    commercial_registration: '1010123456',
    address: {
      street: 'King Fahd Road',
      building_number: '7235',
      additional_number: '4412',
      district: 'Al Olaya',
      city: 'Riyadh',
      postal_code: '12214',
      region: 'Riyadh Province',
    },
  };

  it('settings.manage holders save it whole; the answer says it is complete', async () => {
    const { data, error } = await owner1.rpc('update_tax_profile', { profile });
    expect(error).toBeNull();
    expect(data).toMatchObject({ complete: true, missing: [], vat_number: '310123456700003' });
  });

  it.each([
    [{ vat_number: '310123456700004' }, 'vat_number_invalid'],
    [{ vat_number: '31012345670000' }, 'vat_number_invalid'],
    [{ commercial_registration: '101012345' }, 'commercial_registration_invalid'],
    [{ legal_name_ar: 'Nuzl Stays' }, 'tax_legal_name_invalid'],
    [{ legal_name_ar: 'ش'.repeat(64) }, 'tax_legal_name_too_long'],
    [{ address: { ...profile.address, building_number: '723' } }, 'building_number_invalid'],
    [{ address: { ...profile.address, additional_number: '44120' } }, 'additional_number_invalid'],
    [{ address: { ...profile.address, postal_code: '1221' } }, 'postal_code_invalid'],
    [{ address: { ...profile.address, city: '' } }, 'address_invalid'],
    [{ owner_id: 'x' }, 'tax_profile_invalid'],
  ])('refuses %j with 400 · %s', async (change, key) => {
    const answer = await owner1.rpc('update_tax_profile', { profile: { ...profile, ...change } });
    expect(refusal(answer)).toEqual({ status: 400, code: '22023', hint: key });
  });

  it('direct writes of the columns follow the same formats; members and other organisations cannot', async () => {
    const direct = await owner1.from('organizations').update({ vat_number: '123' }).eq('id', ORG1);
    expect(direct.error?.hint).toBe('vat_number_invalid');
    expect(refusal(await member1.rpc('update_tax_profile', { profile }))).toMatchObject({
      status: 403,
      hint: 'settings_manage_required',
    });
    expect(refusal(await accountant.rpc('update_tax_profile', { profile }))).toMatchObject({ status: 403 });
    // Org 2's owner saves org 2's profile, never org 1's.
    const other = await owner2.rpc('update_tax_profile', {
      profile: { ...profile, legal_name_ar: 'مؤسسة البيوت الثانية للشقق المخدومة', vat_number: '300987654300003' },
    });
    expect(other.error).toBeNull();
    const { data } = await svc.from('organizations').select('id, vat_number').order('id');
    expect(data).toEqual([
      { id: ORG1, vat_number: '310123456700003' },
      { id: ORG2, vat_number: '300987654300003' },
    ]);
  });

  it('issuing needs a complete profile (409 tax_profile_incomplete); drafts do not', async () => {
    await svc.from('organizations').update({ commercial_registration: null }).eq('id', ORG2).throwOnError();
    const made = await draft(owner2);
    expect(made.error).toBeNull();
    const answer = await owner2.rpc('issue_invoice', { invoice_id: (made.data as Invoice).id });
    expect(refusal(answer)).toEqual({ status: 409, code: 'PT409', hint: 'tax_profile_incomplete' });
    expect(answer.error?.message).toContain('commercial_registration');
    await svc.from('organizations').update({ commercial_registration: '4030987654' }).eq('id', ORG2).throwOnError();
  });
});

describe('drafts and issue', () => {
  it('a draft has no number; issuing numbers it, dates it in Riyadh time, snapshots seller and buyer', async () => {
    const made = await draft(owner1, {
      buyer_name: 'Walk-in guest',
      lines: [line(100), line(33.33, { quantity: 1.5 })],
    });
    expect(made.error).toBeNull();
    const d = made.data as Invoice;
    expect(d).toMatchObject({ status: 'draft', invoice_number: null, sequence_number: null, zatca_qr_payload: null });
    const before = Date.now();
    const out = (await owner1.rpc('issue_invoice', { invoice_id: d.id })).data as Invoice;
    expect(out.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(out.invoice_number).toBe(`INV-${String(out.sequence_number).padStart(6, '0')}`);
    expect(out).toMatchObject({
      status: 'pending',
      subtotal: 150,
      vat_amount: 22.5,
      total_amount: 172.5,
      seller_name: 'شركة نزل للإقامات القصيرة',
      seller_vat_number: '310123456700003',
      buyer_name: 'Walk-in guest',
      zatca_status: 'queued',
    });
    // Issue date and time are now, in Asia/Riyadh (UTC+3).
    const issuedAt = new Date(out.issued_at!).getTime();
    expect(issuedAt).toBeGreaterThanOrEqual(before - 5_000);
    const riyadh = new Date(issuedAt + 3 * 3600_000).toISOString();
    expect(out.issue_date).toBe(riyadh.slice(0, 10));
    expect(out.issue_time).toBe(riyadh.slice(11, 19));
    // The QR decodes to the document's own numbers.
    expect(decodeQr(out.zatca_qr_payload!)).toEqual({
      1: 'شركة نزل للإقامات القصيرة',
      2: '310123456700003',
      3: `${out.issue_date}T${out.issue_time}`,
      4: '172.50',
      5: '22.50',
    });
    // Issuing twice is a conflict.
    expect(refusal(await owner1.rpc('issue_invoice', { invoice_id: d.id }))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'invoice_already_issued',
    });
  });

  it('numbers are gap-free: 20 concurrent issues take 20 consecutive numbers', async () => {
    const drafts: string[] = [];
    for (let i = 0; i < 20; i++) drafts.push(((await draft(owner1)).data as Invoice).id);
    const answers = await Promise.all(drafts.map((id) => owner1.rpc('issue_invoice', { invoice_id: id })));
    expect(answers.map((a) => a.error)).toEqual(Array(20).fill(null));
    const numbers = answers.map((a) => (a.data as Invoice).sequence_number!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0]! + i));
    // Nothing else of the organisation holds a number in that range, and the range continues the sequence.
    const { data: all } = await svc
      .from('invoices')
      .select('sequence_number')
      .eq('organization_id', ORG1)
      .not('sequence_number', 'is', null)
      .order('sequence_number')
      .throwOnError();
    const sequence = all.map((r) => r.sequence_number!);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
  });

  it('a refused issue gives its number back; deleting drafts never leaves a gap', async () => {
    const before = (await svc.rpc('einvoicing_devices', { organization_id: ORG1 })).data; // untouched
    const empty = await owner1.from('invoices').insert({ status: 'draft' }).select('id').single();
    const refused = await owner1.rpc('issue_invoice', { invoice_id: empty.data!.id });
    expect(refusal(refused)).toEqual({ status: 400, code: '23514', hint: 'invoice_no_lines' });
    const deleted = await draft(owner1);
    await owner1
      .from('invoices')
      .delete()
      .eq('id', (deleted.data as Invoice).id)
      .throwOnError();
    const next = await issued();
    const { data: max } = await svc
      .from('invoices')
      .select('sequence_number')
      .eq('organization_id', ORG1)
      .neq('id', next.id)
      .order('sequence_number', { ascending: false, nullsFirst: false })
      .limit(1)
      .single();
    expect(next.sequence_number).toBe(max!.sequence_number! + 1);
    expect((await svc.rpc('einvoicing_devices', { organization_id: ORG1 })).data).toEqual(before);
  });

  it('organisations have their own sequences', async () => {
    const a = await issued(owner1);
    const b = await issued(owner2);
    expect(b.sequence_number).toBeLessThan(a.sequence_number!);
  });

  it('a standard (B2B) invoice needs the buyer name, VAT number or other ID, and address', async () => {
    const incomplete = await draft(owner1, { invoice_kind: 'standard', buyer_name: 'Al Ofoq Co.' });
    expect(refusal(await owner1.rpc('issue_invoice', { invoice_id: (incomplete.data as Invoice).id }))).toEqual({
      status: 400,
      code: '23514',
      hint: 'invoice_buyer_incomplete',
    });
    const complete = await issued(owner1, {
      invoice_kind: 'standard',
      buyer_name: 'شركة الأفق للاستشارات',
      buyer_vat_number: '311234567800003',
      buyer_address: {
        street: 'Olaya Street',
        building_number: '2121',
        district: 'Al Murooj',
        city: 'Riyadh',
        postal_code: '12283',
      },
    });
    expect(complete).toMatchObject({ status: 'pending', invoice_kind: 'standard' });
    const { data } = await svc.from('einvoicing_submissions').select('kind').eq('invoice_id', complete.id).single();
    expect(data!.kind).toBe('clearance');
  });

  it('drafts are edited and deleted; lines are replaced as a whole', async () => {
    const made = (await draft(owner1)).data as Invoice;
    const edited = await owner1.rpc('update_invoice_draft', {
      invoice_id: made.id,
      invoice: { due_date: day(20), lines: [line(200), line(50, { vat_category: 'E' })] },
    });
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject({ subtotal: 250, vat_amount: 30, total_amount: 280, due_date: day(20) });
    const { data: lines } = await owner1
      .from('invoice_items')
      .select('rate, vat_category, vat_exemption_code')
      .eq('invoice_id', made.id)
      .order('position');
    expect(lines).toEqual([
      { rate: 200, vat_category: 'S', vat_exemption_code: null },
      { rate: 50, vat_category: 'E', vat_exemption_code: 'VATEX-SA-30' },
    ]);
    expect((await owner1.from('invoices').delete().eq('id', made.id)).error).toBeNull();
  });
});

describe('an issued document never changes', () => {
  it('lines, amounts, parties, dates and currency are frozen; it is not deleted or re-drafted', async () => {
    const inv = await issued();
    const update = (patch: TablesUpdate<'invoices'>) => owner1.from('invoices').update(patch).eq('id', inv.id);
    const patches: TablesUpdate<'invoices'>[] = [
      { due_date: day(90) },
      { buyer_name: 'Someone else' },
      { currency: 'USD', exchange_rate: 3.75 },
      { issue_date: day(-30) },
      { invoice_type_code: '381' },
    ];
    for (const patch of patches) {
      expect((await update(patch)).error?.hint).toBe('invoice_issued');
    }
    expect((await update({ status: 'draft' })).error?.hint).toBe('invoice_issued');
    expect(refusal(await update({ status: 'cancelled' }))).toMatchObject({
      status: 409,
      hint: 'invoice_cancel_needs_credit_note',
    });
    expect(refusal(await update({ status: 'refunded' }))).toMatchObject({
      status: 409,
      hint: 'invoice_refund_needs_credit_note',
    });
    expect((await update({ status: 'paid' })).error?.hint).toBe('invoice_unpaid');
    expect((await update({ zatca_qr_payload: 'forged' })).error?.hint).toBe('zatca_fields_readonly');
    expect((await owner1.from('invoices').delete().eq('id', inv.id)).error?.hint).toBe('invoice_issued');
    const lines = await owner1.from('invoice_items').select('id').eq('invoice_id', inv.id);
    const lineId = lines.data![0]!.id;
    expect((await owner1.from('invoice_items').update({ rate: 1 }).eq('id', lineId)).error?.hint).toBe(
      'invoice_issued',
    );
    expect((await owner1.from('invoice_items').delete().eq('id', lineId)).error?.hint).toBe('invoice_issued');
    expect(
      (await owner1.from('invoice_items').insert({ invoice_id: inv.id, description: 'x', quantity: 1, rate: 1 })).error
        ?.hint,
    ).toBe('invoice_issued');
    expect(
      refusal(await owner1.rpc('update_invoice_draft', { invoice_id: inv.id, invoice: { lines: [line()] } })),
    ).toEqual({ status: 409, code: 'PT409', hint: 'invoice_issued' });
    // Notes (internal) may still change.
    expect((await update({ notes: 'Called the guest' })).error).toBeNull();
    const { data } = await svc.from('invoices').select('total_amount, due_date, buyer_name').eq('id', inv.id).single();
    expect(data).toMatchObject({ total_amount: inv.total_amount, buyer_name: inv.buyer_name });
  });

  it('an issued document cannot be created directly in an issued state', async () => {
    const direct = await owner1.from('invoices').insert({ status: 'pending', due_date: day(3) });
    expect(refusal(direct)).toMatchObject({ status: 400, hint: 'invoice_no_lines' });
  });
});

describe('currency', () => {
  it('SAR has rate 1; another currency needs its rate to SAR, and the SAR columns convert', async () => {
    const usd = await issued(owner1, { currency: 'USD', exchange_rate: 3.75, lines: [line(1000)] });
    expect(usd).toMatchObject({ currency: 'USD', exchange_rate: 3.75, total_amount: 1150 });
    const { data } = await svc
      .from('invoices')
      .select('total_amount_sar, vat_amount_sar, subtotal_sar')
      .eq('id', usd.id)
      .single();
    expect(data).toEqual({ total_amount_sar: 4312.5, vat_amount_sar: 562.5, subtotal_sar: 3750 });
    expect(refusal(await draft(owner1, { currency: 'USD' }))).toEqual({
      status: 400,
      code: '23514',
      hint: 'invoice_exchange_rate_required',
    });
    expect(refusal(await draft(owner1, { currency: 'SAR', exchange_rate: 2 }))).toMatchObject({
      hint: 'invoice_exchange_rate_invalid',
    });
    expect(refusal(await draft(owner1, { currency: 'GBP', exchange_rate: 4.7 }))).toMatchObject({
      hint: 'invoice_currency_invalid',
    });
    expect(refusal(await draft(owner1, { currency: 'AED', exchange_rate: 0 }))).toMatchObject({
      hint: 'invoice_exchange_rate_invalid',
    });
    expect(refusal(await draft(owner1, { currency: 'AED', exchange_rate: 1.0212345 }))).toMatchObject({
      hint: 'invoice_exchange_rate_invalid',
    });
  });
});

describe('bad input: a 4xx with its key, nothing saved', () => {
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ lines: [] }, 400, 'invoice_no_lines'],
    [{ lines: [line(100, { quantity: 0 })] }, 400, 'invoice_line_quantity_invalid'],
    [{ lines: [line(100, { quantity: -2 })] }, 400, 'invoice_line_quantity_invalid'],
    [{ lines: [line(100, { quantity: 1_000_000 })] }, 400, 'invoice_line_quantity_invalid'],
    [{ lines: [line(100, { quantity: 1.2345 })] }, 400, 'invoice_line_quantity_invalid'],
    [{ lines: [line(-5)] }, 400, 'invoice_line_rate_invalid'],
    [{ lines: [line(10_000_000.01)] }, 400, 'invoice_line_rate_invalid'],
    [{ lines: [line(1.234)] }, 400, 'invoice_line_rate_invalid'],
    [{ lines: [line('abc' as unknown as number)] }, 400, 'invoice_line_rate_invalid'],
    [{ lines: [line(10_000_000, { quantity: 100_000 })] }, 400, 'invoice_amount_too_large'],
    [{ lines: Array.from({ length: 2 }, () => line(9_000_000, { quantity: 1000 })) }, 400, 'invoice_amount_too_large'],
    [{ lines: [{ quantity: 1, rate: 1 }] }, 400, 'invoice_line_description_required'],
    [{ lines: [line(1, { description: 'x'.repeat(501) })] }, 400, 'invoice_line_description_required'],
    [{ lines: [line(1, { vat_category: 'Z' })] }, 400, 'invoice_line_exemption_required'],
    [{ lines: [line(1, { vat_category: 'X' })] }, 400, 'invoice_line_invalid'],
    [{ lines: Array.from({ length: 201 }, () => line(1)) }, 400, 'invoice_too_many_lines'],
    [{ buyer_vat_number: '123456789012345' }, 400, 'vat_number_invalid'],
    [{ buyer_address: { postal_code: '1234' } }, 400, 'postal_code_invalid'],
    [{ buyer_id_scheme: 'NAT' }, 400, 'buyer_id_invalid'],
    [{ due_date: '2026-02-31' }, 400, 'invoice_date_invalid'],
    [{ issue_date: day(5), due_date: day(1) }, 400, 'invoice_due_before_issue'],
    [{ document_type: 'receipt' }, 400, 'invoice_input_invalid'],
    [{ surprise: true }, 400, 'invoice_input_invalid'],
    [{ document_type: 'credit_note', reason: 'x' }, 400, 'invoice_original_required'],
  ];
  it.each(cases.map(([invoice, status, key]) => [JSON.stringify(invoice).slice(0, 90), invoice, status, key] as const))(
    '%s → %i · %s',
    async (_label, invoice, status, key) => {
      const before = await svc.from('invoices').select('*', { count: 'exact', head: true });
      const answer = await draft(owner1, invoice);
      expect(refusal(answer)).toMatchObject({ status, hint: key });
      const after = await svc.from('invoices').select('*', { count: 'exact', head: true });
      expect(after.count).toBe(before.count);
    },
  );

  it('another organisation’s guest, booking or original invoice is "not found"', async () => {
    const { data: org1Client } = await svc.from('clients').select('id').eq('organization_id', ORG1).limit(1).single();
    const { data: org1Booking } = await svc.from('bookings').select('id').eq('organization_id', ORG1).limit(1).single();
    const org1Invoice = await issued(owner1);
    expect(refusal(await draft(owner2, { client_id: org1Client!.id }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'client_not_found',
    });
    expect(refusal(await draft(owner2, { booking_id: org1Booking!.id }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'booking_not_found',
    });
    expect(
      refusal(await draft(owner2, { document_type: 'credit_note', original_invoice_id: org1Invoice.id, reason: 'x' })),
    ).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
    for (const fn of ['issue_invoice', 'get_invoice'] as const) {
      expect(refusal(await owner2.rpc(fn, { invoice_id: org1Invoice.id }))).toEqual({
        status: 404,
        code: 'PT404',
        hint: 'invoice_not_found',
      });
    }
    expect(
      refusal(await owner2.rpc('update_invoice_draft', { invoice_id: org1Invoice.id, invoice: { lines: [line()] } })),
    ).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
  });
});

describe('permissions: members without invoice rights see and do nothing', () => {
  it('a member without invoices.* reads no invoice and writes none; the accountant works', async () => {
    const inv = await issued(accountant);
    expect(inv.status).toBe('pending');
    expect(refusal(await member1.rpc('get_invoice', { invoice_id: inv.id }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'invoice_not_found',
    });
    expect(refusal(await draft(member1))).toEqual({ status: 403, code: '42501', hint: 'invoices_write_required' });
    expect((await member1.from('invoices').select('id')).data).toEqual([]);
    expect((await member1.from('invoice_items').select('id')).data).toEqual([]);
    const readOnly = (await newStaff(stack, { org: ORG1, permissions: ['invoices.read'] })).client;
    const d = (await draft(owner1)).data as Invoice;
    expect(refusal(await readOnly.rpc('issue_invoice', { invoice_id: d.id }))).toEqual({
      status: 403,
      code: '42501',
      hint: 'invoices_write_required',
    });
    expect(
      refusal(await readOnly.rpc('update_invoice_draft', { invoice_id: d.id, invoice: { lines: [line()] } })),
    ).toEqual({ status: 403, code: '42501', hint: 'invoices_write_required' });
    expect((await readOnly.rpc('get_invoice', { invoice_id: d.id })).error).toBeNull();
  });
});

describe('Phase 1 QR in SQL: the public vectors', () => {
  it.each([
    [
      'V1 (SallaApp/ZATCA)',
      ['Salla', '1234567891', '2021-07-12T14:25:09Z', '100.00', '15.00'],
      'AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=',
    ],
    [
      'V3 (axenda/zatca)',
      ['Axenda', '1234567891', '2021-12-04T00:00:00Z', '100.00', '15.00'],
      'AQZBeGVuZGECCjEyMzQ1Njc4OTEDFDIwMjEtMTItMDRUMDA6MDA6MDBaBAYxMDAuMDAFBTE1LjAw',
    ],
    [
      'V5 (ZATCA guide, Bobs Records)',
      ['Bobs Records', '310122393500003', '2022-04-25T15:30:00Z', '1000.00', '150.00'],
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    ],
  ])('%s', async (_name, values, expected) => {
    const { rows } = await stack.db.query<{ qr: string }>(
      'select private.zatca_phase1_qr($1, $2, $3, $4, $5) as qr',
      values,
    );
    expect(rows[0]!.qr).toBe(expected);
  });

  it('counts UTF-8 bytes (Arabic) and refuses values over 127 bytes', async () => {
    const { rows } = await stack.db.query<{ hex: string }>("select encode(private.zatca_tlv(1, 'سلة'), 'hex') as hex");
    expect(rows[0]!.hex).toBe('0106d8b3d984d8a9');
    await expect(stack.db.query("select private.zatca_tlv(1, repeat('ش', 64))")).rejects.toThrow(/too long/);
  });
});
