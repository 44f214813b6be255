/**
 * The guest's invoice link (issue 16): every issued invoice gets an unguessable token
 * (private.invoice_guest_links, made by a trigger), public_invoice(token) answers anyone holding
 * it with the printable document — never a draft, never for a wrong token — and
 * {{invoice_link}} renders /invoice/<token> for a stay with an issued invoice. No API role reads
 * the link table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TablesInsert } from '../../src/types/database';
import { ORG1, anon, day, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let guest: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  guest = anon(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
}, 180_000);
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

type Doc = {
  id: string;
  invoice_number: string;
  status: string;
  total_amount: number;
  lines: unknown[];
  payments: unknown;
  client: { name: string; phone: string | null; email: string | null } | null;
  seller: { vat_number: string | null };
  zatca: { qr: string | null; submissions: unknown[] };
  can: { write: boolean; pay: boolean };
};

/** A confirmed stay of a new guest, far from the seed's dates. */
async function stay(offset: number) {
  const { data: client } = await svc
    .from('clients')
    .insert({
      organization_id: ORG1,
      name: 'Lina Saad',
      phone: `+9665591${String(offset).padStart(5, '0')}`,
      email: 'lina@example.com',
      national_id: `10${String(81_000_000 + offset).padStart(8, '0')}`,
    })
    .select('id')
    .single()
    .throwOnError();
  const { data, error } = await owner1
    .from('bookings')
    .insert({
      unit_id: unitId(2),
      client_id: client.id,
      check_in: day(400 + offset * 3),
      check_out: day(402 + offset * 3),
      status: 'confirmed',
    } as TablesInsert<'bookings'>)
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

async function tokenOf(invoiceId: string): Promise<string | undefined> {
  const { rows } = await stack.db.query<{ token: string }>(
    'select token from private.invoice_guest_links where invoice_id = $1',
    [invoiceId],
  );
  return rows[0]?.token;
}

async function invoiceFromStay(bookingId: string, issue: boolean): Promise<string> {
  const made = await owner1.rpc('invoice_from_booking', { booking_id: bookingId, issue });
  expect(made.error).toBeNull();
  return (made.data as { id: string }).id;
}

describe('public_invoice(token)', () => {
  it('anyone with the token of an issued invoice reads the printable document, without staff-only data', async () => {
    const id = await invoiceFromStay(await stay(1), true);
    const token = await tokenOf(id);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const answer = await guest.rpc('public_invoice', { token: token! });
    expect(answer.error).toBeNull();
    const doc = answer.data as unknown as Doc;
    expect(doc).toMatchObject({ id, status: 'pending', payments: null, can: { write: false, pay: false } });
    expect(doc.invoice_number).toMatch(/\S/);
    expect(doc.total_amount).toBeGreaterThan(0);
    expect(doc.lines.length).toBeGreaterThan(0);
    expect(doc.zatca.qr).toMatch(/\S/);
    expect(doc.zatca.submissions).toEqual([]);
    expect(doc.client).toMatchObject({ name: 'Lina Saad', phone: null, email: null });
    expect(doc).not.toHaveProperty('created_by');
    // A signed-in staff member of another organisation gets the same public view, nothing more.
    expect(((await owner2.rpc('public_invoice', { token: token! })).data as unknown as Doc).payments).toBeNull();
  });

  it('a wrong, malformed or guessed token, and a draft, answer null', async () => {
    const draftId = await invoiceFromStay(await stay(2), false);
    expect(await tokenOf(draftId)).toBeUndefined();
    for (const token of ['0'.repeat(64), 'abc', '', "' or 1=1 --"]) {
      const answer = await guest.rpc('public_invoice', { token });
      expect(answer.error).toBeNull();
      expect(answer.data).toBeNull();
    }
    // A draft that somehow held a link still answers null until it is issued.
    await stack.db.query(
      'insert into private.invoice_guest_links (invoice_id, organization_id, token) values ($1, $2, $3)',
      [draftId, ORG1, 'f'.repeat(64)],
    );
    expect((await guest.rpc('public_invoice', { token: 'f'.repeat(64) })).data).toBeNull();
  });

  it('no API role reads or lists the link table', async () => {
    for (const db of [guest, owner1, owner2, svc]) {
      const answer = await db
        .schema('private' as 'public')
        .from('invoice_guest_links' as 'invoices')
        .select('*');
      expect(answer.data ?? []).toEqual([]);
      expect(answer.error).not.toBeNull();
    }
    const { rows } = await stack.db.query<{ role: string }>(
      `select r.rolname as role from pg_roles r
        where r.rolname in ('anon', 'authenticated', 'service_role')
          and has_table_privilege(r.rolname, 'private.invoice_guest_links', 'select')`,
    );
    expect(rows).toEqual([]);
  });
});

describe('{{invoice_link}}', () => {
  it('renders /invoice/<token> of the stay’s latest issued invoice, empty without one', async () => {
    const bookingId = await stay(3);
    const before = await member1.rpc('render_message_text', {
      body: 'See {{invoice_link}}.',
      booking_id: bookingId,
      language: 'en',
    });
    expect((before.data as { body: string }).body).toBe('See .');
    const id = await invoiceFromStay(bookingId, true);
    const token = await tokenOf(id);
    const after = await member1.rpc('render_message_text', {
      body: 'See {{invoice_link}}.',
      booking_id: bookingId,
      language: 'ar',
    });
    expect(after.error).toBeNull();
    expect((after.data as { body: string }).body).toMatch(new RegExp(`^See (https?://[^/]+)?/invoice/${token}\\.$`));
  });
});
