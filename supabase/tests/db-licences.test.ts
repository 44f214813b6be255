/**
 * Ministry of Tourism licences per unit and Hijri preferences (issue 17), through supabase-js as
 * the demo accounts, an attacker from the other organisation and an anonymous visitor:
 *   - the licence columns: checks (number length, expiry after issue), RLS (org 2 cannot read or
 *     write org 1's licence), private.unit_licence_valid;
 *   - the private unit-documents bucket: org-scoped upload, signed read, no access across
 *     organisations nor for visitors or members without units.write;
 *   - public_sites.hide_unlicensed_units: the public page (public_site_page, the unit REST read,
 *     unit_booked_ranges) leaves unlicensed units out and request_booking / public_booking_quote
 *     refuse them with 404 unit_unlicensed; off, they are offered as before;
 *   - organizations.hijri_dates / profiles.hijri_dates through the existing update policies.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { licenceAttentionFilter } from '../../src/features/units/lib/licence-filter';
import { DEMO, ORG1, ORG2, day, service, signInDemo, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;
let visitor: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  [owner1, owner2, member1] = await Promise.all([
    signInDemo(stack, 'owner1'),
    signInDemo(stack, 'owner2'),
    signInDemo(stack, 'member1'),
  ]);
  visitor = typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom('127.0.9.17') },
    }),
  );
});
afterAll(() => stack?.stop());

async function setLicence(
  unit: string,
  licence: { number: string | null; issued?: string | null; expires?: string | null },
) {
  await svc
    .from('units')
    .update({
      tourism_licence_number: licence.number,
      tourism_licence_issued_on: licence.issued ?? null,
      tourism_licence_expires_on: licence.expires ?? null,
    })
    .eq('id', unit)
    .throwOnError();
}

async function setHide(org: string, hide: boolean) {
  await svc.from('public_sites').update({ hide_unlicensed_units: hide }).eq('organization_id', org).throwOnError();
}

describe('demo seed (issue 17, HL section)', () => {
  it('org 1: unit 3 expires in 10 days, unit 4 has no licence, the others are valid; public sites hide nothing', async () => {
    const { data } = await svc
      .from('units')
      .select('id, tourism_licence_number, tourism_licence_expires_on')
      .eq('organization_id', ORG1)
      .in(
        'id',
        Array.from({ length: 12 }, (_, i) => unitId(i + 1)),
      )
      .order('id')
      .throwOnError();
    const byId = new Map(data.map((u) => [u.id, u]));
    expect(byId.get(unitId(3))?.tourism_licence_expires_on).toBe(day(10));
    expect(byId.get(unitId(4))?.tourism_licence_number).toBeNull();
    const others = data.filter((u) => u.id !== unitId(3) && u.id !== unitId(4));
    expect(others.length).toBeGreaterThan(5);
    for (const u of others) {
      expect(u.tourism_licence_number, u.id).not.toBeNull();
      expect(u.tourism_licence_expires_on! > day(30), u.id).toBe(true);
    }
    const { data: sites } = await svc.from('public_sites').select('hide_unlicensed_units').throwOnError();
    expect(sites.every((site) => !site.hide_unlicensed_units)).toBe(true);
  });

  it('dashboard_overview lists the units needing attention with the overview, for units.read holders', async () => {
    const { data } = await owner1.rpc('dashboard_overview').throwOnError();
    const licences = (
      data as unknown as { licences: { id: string; number: string | null; expires_on: string | null }[] }
    ).licences;
    expect(licences.map((u) => u.id)).toEqual(expect.arrayContaining([unitId(3), unitId(4)]));
    expect(licences.map((u) => u.id)).not.toContain(unitId(1));
    expect(licences.find((u) => u.id === unitId(3))).toMatchObject({ expires_on: day(10) });
    expect(licences.at(-1)).toMatchObject({ id: unitId(4), number: null });
    const { data: second } = await owner2.rpc('dashboard_overview').throwOnError();
    const ids = (second as unknown as { licences: { id: string }[] }).licences.map((u) => u.id);
    expect(ids).not.toContain(unitId(3));
  });
});

describe('the units list licence filter', () => {
  it('keeps units without a valid licence or expiring within 30 days, combined with the search', async () => {
    await setLicence(unitId(8), { number: 'MT-FAR-8', issued: day(-10), expires: day(200) });
    await setLicence(unitId(9), { number: 'MT-SOON-9', issued: day(-10), expires: day(25) });
    await setLicence(unitId(10), { number: null });
    const today = day(0);
    const attention = await owner1
      .from('units')
      .select('id')
      .eq('organization_id', ORG1)
      .or(licenceAttentionFilter(today))
      .throwOnError();
    const ids = attention.data.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([unitId(9), unitId(10)]));
    expect(ids).not.toContain(unitId(8));
    // With the search's own `or` beside it: both apply.
    const searched = await owner1
      .from('units')
      .select('id')
      .eq('organization_id', ORG1)
      .or('name.ilike.*Abha*,address_city.ilike.*Abha*')
      .or(licenceAttentionFilter(today))
      .throwOnError();
    expect(searched.data.map((u) => u.id)).toEqual([unitId(9)]);
  });
});

describe('unit licence columns', () => {
  it('the owner records a licence; the database refuses a bad number or an expiry before the issue date', async () => {
    const saved = await owner1
      .from('units')
      .update({
        tourism_licence_number: 'MT-2026-77001',
        tourism_licence_issued_on: day(-30),
        tourism_licence_expires_on: day(335),
      })
      .eq('id', unitId(2))
      .select('tourism_licence_number, tourism_licence_expires_on')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ tourism_licence_number: 'MT-2026-77001', tourism_licence_expires_on: day(335) });

    const inverted = await owner1
      .from('units')
      .update({ tourism_licence_issued_on: day(10), tourism_licence_expires_on: day(5) })
      .eq('id', unitId(2));
    expect(inverted.error?.code).toBe('23514');
    expect(inverted.error?.message).toContain('units_tourism_licence_dates_check');

    for (const number of ['', '   ', 'x'.repeat(51)]) {
      const bad = await owner1.from('units').update({ tourism_licence_number: number }).eq('id', unitId(2));
      expect(bad.error?.code, JSON.stringify(number)).toBe('23514');
    }
    const foreignPath = await owner1
      .from('units')
      .update({ tourism_licence_document_path: `${ORG2}/${unitId(2)}/licence.pdf` })
      .eq('id', unitId(2));
    expect(foreignPath.error?.code).toBe('23514');
  });

  it('another organisation neither reads nor writes the licence', async () => {
    await setLicence(unitId(1), { number: 'MT-SECRET-1', issued: day(-10), expires: day(100) });
    const read = await owner2.from('units').select('tourism_licence_number').eq('id', unitId(1));
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const write = await owner2
      .from('units')
      .update({ tourism_licence_number: 'MT-HACKED' })
      .eq('id', unitId(1))
      .select('id');
    expect(write.data ?? []).toEqual([]);
    const { data } = await svc
      .from('units')
      .select('tourism_licence_number')
      .eq('id', unitId(1))
      .single()
      .throwOnError();
    expect(data.tourism_licence_number).toBe('MT-SECRET-1');
  });
});

describe('unit-documents bucket', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n% licence\n%%EOF\n');

  it('is private and scoped to the organisation: upload with units.write, signed read by staff only', async () => {
    const path = `${ORG1}/${unitId(1)}/licence-${Date.now()}.pdf`;
    const up = await owner1.storage.from('unit-documents').upload(path, pdf, { contentType: 'application/pdf' });
    expect(up.error).toBeNull();

    const signed = await owner1.storage.from('unit-documents').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);

    // A member of org 1 (units.read, no units.write) reads but does not upload.
    const memberRead = await member1.storage.from('unit-documents').createSignedUrl(path, 60);
    expect(memberRead.error).toBeNull();
    const memberUpload = await member1.storage
      .from('unit-documents')
      .upload(`${ORG1}/${unitId(1)}/m.pdf`, pdf, { contentType: 'application/pdf' });
    expect(memberUpload.error).not.toBeNull();

    // The other organisation: no signed URL, no listing, no upload into org 1's folder, no removal.
    const foreignSign = await owner2.storage.from('unit-documents').createSignedUrl(path, 60);
    expect(foreignSign.error).not.toBeNull();
    const foreignList = await owner2.storage.from('unit-documents').list(`${ORG1}/${unitId(1)}`);
    expect(foreignList.data ?? []).toEqual([]);
    const foreignUpload = await owner2.storage
      .from('unit-documents')
      .upload(`${ORG1}/${unitId(1)}/x.pdf`, pdf, { contentType: 'application/pdf' });
    expect(foreignUpload.error).not.toBeNull();
    await owner2.storage.from('unit-documents').remove([path]);
    const stillThere = await owner1.storage.from('unit-documents').createSignedUrl(path, 60);
    expect(stillThere.error).toBeNull();

    // Visitors: not public, no signed URL.
    const { data: pub } = visitor.storage.from('unit-documents').getPublicUrl(path);
    expect((await fetch(pub.publicUrl)).status).toBeGreaterThanOrEqual(400);
    const visitorSign = await visitor.storage.from('unit-documents').createSignedUrl(path, 60);
    expect(visitorSign.error).not.toBeNull();
  });
});

describe('private.unit_licence_valid', () => {
  it('is true with a number and an expiry on or after the day, false otherwise', async () => {
    const { rows } = await stack.db.query<{ label: string; valid: boolean }>(
      `
      select label, private.unit_licence_valid(u, '2026-11-27') as valid
        from public.units u0,
             lateral (values ('valid', 'MT-1', date '2026-12-31'), ('last day', 'MT-2', date '2026-11-27'),
                             ('expired', 'MT-3', date '2026-11-26'), ('no number', null, date '2027-01-01'),
                             ('no expiry', 'MT-5', null::date)) v(label, num, expires),
             lateral (select jsonb_populate_record(u0, jsonb_build_object(
                        'tourism_licence_number', v.num, 'tourism_licence_expires_on', v.expires))) x(u)
       where u0.id = $1`,
      [unitId(1)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.label, r.valid]))).toEqual({
      valid: true,
      'last day': true,
      expired: false,
      'no number': false,
      'no expiry': false,
    });
  });
});

interface PageUnit {
  id: string;
}

async function publicUnitIds(): Promise<string[]> {
  const page = await visitor.rpc('public_site_page', { p_slug: 'demo' });
  expect(page.error).toBeNull();
  return ((page.data as unknown as { units: PageUnit[] }).units ?? []).map((u) => u.id);
}

describe('hide_unlicensed_units', () => {
  it('off: units without a valid licence are listed and bookable; on: hidden and refused with 404', async () => {
    const expired = unitId(5);
    const missing = unitId(6);
    const valid = unitId(7);
    await setLicence(expired, { number: 'MT-OLD-5', issued: day(-400), expires: day(-1) });
    await setLicence(missing, { number: null });
    await setLicence(valid, { number: 'MT-OK-7', issued: day(-10), expires: day(0) });
    await setHide(ORG1, false);

    const listedOff = await publicUnitIds();
    expect(listedOff).toEqual(expect.arrayContaining([expired, missing, valid]));
    const quoteOff = await visitor.rpc('public_booking_quote', {
      slug: 'demo',
      unit_id: missing,
      check_in: day(170),
      check_out: day(172),
      guests: 1,
    });
    expect(quoteOff.error).toBeNull();

    await setHide(ORG1, true);
    const listedOn = await publicUnitIds();
    expect(listedOn).toContain(valid); // expires today: still valid today
    expect(listedOn).not.toContain(expired);
    expect(listedOn).not.toContain(missing);

    // The unit page's REST read as a visitor: the hidden unit is not there; the valid one shows its number.
    const hiddenRow = await visitor.from('units').select('id').eq('id', expired).maybeSingle();
    expect(hiddenRow.data).toBeNull();
    const shown = await visitor.from('units').select('id, tourism_licence_number').eq('id', valid).single();
    expect(shown.error).toBeNull();
    expect(shown.data?.tourism_licence_number).toBe('MT-OK-7');

    const ranges = await visitor.rpc('unit_booked_ranges', { unit_id: missing, from_date: day(0), to_date: day(30) });
    expect(ranges.status).toBe(404);

    for (const unit of [expired, missing]) {
      const quote = await visitor.rpc('public_booking_quote', {
        slug: 'demo',
        unit_id: unit,
        check_in: day(170),
        check_out: day(172),
        guests: 1,
      });
      expect(quote.status).toBe(404);
      expect(quote.error).toMatchObject({ code: 'PT404', hint: 'unit_unlicensed' });
      const request = await visitor.rpc('request_booking', {
        slug: 'demo',
        unit_id: unit,
        check_in: day(170),
        check_out: day(172),
        guests_count: 1,
        guest_name: 'Licence Guest',
        guest_phone: '+966551239876',
        national_id: '1012345678',
      });
      expect(request.status).toBe(404);
      expect(request.error).toMatchObject({ code: 'PT404', hint: 'unit_unlicensed' });
    }
    const { count } = await svc
      .from('bookings')
      .select('id', { count: 'exact', head: true })
      .in('unit_id', [expired, missing])
      .eq('check_in', day(170));
    expect(count).toBe(0);

    // Staff still see and book every unit; the other organisation's page is untouched.
    const staff = await owner1.from('units').select('id').in('id', [expired, missing]);
    expect(staff.data).toHaveLength(2);
    const { data: org2Units } = await svc.from('units').select('id').eq('organization_id', ORG2).throwOnError();
    await setLicence(org2Units[0]!.id, { number: null });
    const second = await visitor.rpc('public_site_page', { p_slug: 'second' });
    if (second.data) {
      expect((second.data as unknown as { units: PageUnit[] }).units.map((u) => u.id)).toContain(org2Units[0]!.id);
    }
    await setHide(ORG1, false);
    expect(await publicUnitIds()).toEqual(expect.arrayContaining([expired, missing]));
  });

  it('only holders of public_site.manage of the organisation turn it on', async () => {
    const foreign = await owner2
      .from('public_sites')
      .update({ hide_unlicensed_units: true })
      .eq('organization_id', ORG1)
      .select('id');
    expect(foreign.data ?? []).toEqual([]);
    const own = await owner1
      .from('public_sites')
      .update({ hide_unlicensed_units: true })
      .eq('organization_id', ORG1)
      .select('hide_unlicensed_units')
      .single();
    expect(own.error).toBeNull();
    expect(own.data?.hide_unlicensed_units).toBe(true);
    await setHide(ORG1, false);
  });
});

describe('Hijri preferences', () => {
  it('the organisation default needs settings.manage; each member sets their own choice only', async () => {
    const own = await owner1.from('organizations').update({ hijri_dates: true }).eq('id', ORG1).select('hijri_dates');
    expect(own.data).toEqual([{ hijri_dates: true }]);
    const byMember = await member1.from('organizations').update({ hijri_dates: false }).eq('id', ORG1).select('id');
    expect(byMember.data ?? []).toEqual([]);
    const foreign = await owner2.from('organizations').update({ hijri_dates: false }).eq('id', ORG1).select('id');
    expect(foreign.data ?? []).toEqual([]);

    const mine = await member1
      .from('profiles')
      .update({ hijri_dates: false })
      .eq('user_id', DEMO.member1.id)
      .select('hijri_dates');
    expect(mine.data).toEqual([{ hijri_dates: false }]);
    const someoneElse = await owner2
      .from('profiles')
      .update({ hijri_dates: true })
      .eq('user_id', DEMO.member1.id)
      .select('id');
    expect(someoneElse.data ?? []).toEqual([]);
    const { data } = await svc
      .from('profiles')
      .select('hijri_dates')
      .eq('user_id', DEMO.member1.id)
      .single()
      .throwOnError();
    expect(data.hijri_dates).toBe(false);
  });
});
