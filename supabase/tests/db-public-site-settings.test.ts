/**
 * Settings → Public site (issue 13), through supabase-js as each kind of caller: the owner
 * (public_site.manage), a member without it, another organisation's owner and a visitor (anon).
 * Edits allowed and refused, slug rules from the database (reserved → 400 slug_reserved, taken →
 * 409 slug_taken, malformed → 400 slug_invalid), old slugs redirecting, disabled sites not
 * resolvable, and the logo bucket's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, newStaff, ORG1, ORG2, service, signInDemo, type Db } from './fixtures/db-accounts';
import { RESERVED_SLUGS } from '../../src/domain/public-site';

let stack: TestStack;
let visitor: Db;
let owner1: Db;
let owner2: Db;
let member: Db;
let svc: Db;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  visitor = anon(stack);
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member = (await newStaff(stack, { org: ORG1, permissions: ['units.read'], name: 'No site' })).client;
});
afterAll(() => stack?.stop());

function refusal(result: { status: number; error: { code?: string; hint?: string | null } | null }) {
  return { status: result.status, code: result.error?.code, hint: result.error?.hint };
}

async function siteOf(org: string) {
  const { data } = await svc.from('public_sites').select('*').eq('organization_id', org).single().throwOnError();
  return data;
}

/** What the app's resolve-slug does as a visitor: current slug, else an old one of an enabled site. */
async function resolveAsVisitor(slug: string): Promise<string | null> {
  const current = await visitor.from('public_sites').select('slug').eq('slug', slug).eq('enabled', true).maybeSingle();
  expect(current.error).toBeNull();
  if (current.data) return current.data.slug;
  const previous = await visitor
    .from('public_site_slug_history')
    .select('site:public_sites!inner(slug)')
    .eq('slug', slug)
    .eq('site.enabled', true)
    .maybeSingle();
  expect(previous.error).toBeNull();
  return previous.data?.site.slug ?? null;
}

describe('who may edit the public site', () => {
  it('the owner (public_site.manage) edits name, description, theme; visitors see it', async () => {
    const saved = await owner1
      .from('public_sites')
      .update({ name: 'Demo Stays Edited', description: 'New words', theme_color: '#1e3a8a' })
      .eq('organization_id', ORG1)
      .select('name, theme_color')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ name: 'Demo Stays Edited', theme_color: '#1e3a8a' });
    const seen = await visitor.from('public_sites').select('name, description').eq('slug', 'demo').single();
    expect(seen.data).toEqual({ name: 'Demo Stays Edited', description: 'New words' });
  });

  it('a member without public_site.manage, another organisation and a visitor change nothing', async () => {
    const before = await siteOf(ORG1);
    const byMember = await member
      .from('public_sites')
      .update({ name: 'Member was here' })
      .eq('organization_id', ORG1)
      .select('id');
    expect(byMember.error).toBeNull();
    expect(byMember.data).toEqual([]);
    const byOther = await owner2
      .from('public_sites')
      .update({ name: 'Hijacked' })
      .eq('organization_id', ORG1)
      .select('id');
    expect(byOther.error).toBeNull();
    expect(byOther.data).toEqual([]);
    const byVisitor = await visitor.from('public_sites').update({ name: 'Anon' }).eq('organization_id', ORG1);
    expect(byVisitor.status).toBeGreaterThanOrEqual(400);
    expect(byVisitor.status).toBeLessThan(500);
    expect(byVisitor.error?.code).toBe('42501');
    expect((await siteOf(ORG1)).name).toBe(before.name);
  });

  it('nobody but the trigger writes the slug history', async () => {
    const site = await siteOf(ORG1);
    for (const client of [owner1, owner2, visitor]) {
      const answer = await client
        .from('public_site_slug_history')
        .insert({ slug: 'stolen-link', site_id: site.id, organization_id: ORG1 });
      expect(answer.error?.code).toBe('42501');
      expect([401, 403]).toContain(answer.status);
    }
  });
});

describe('slug rules, enforced by the database', () => {
  it("the form's reserved words are the database's (private.reserved_slugs), so the form never promises a slug the database refuses", async () => {
    const { rows } = await stack.db.query<{ words: string[] }>('select private.reserved_slugs() as words');
    expect([...RESERVED_SLUGS].sort()).toEqual([...(rows[0]?.words ?? [])].sort());
  });

  it.each([
    'dashboard',
    'login',
    'org',
    'api',
    'super-admin',
    'admin',
    'auth',
    'verify',
    'health',
    'game',
    'reset-password',
    'onboarding',
    'Settings',
  ])('reserved word %s → 400 slug_reserved', async (slug) => {
    const answer = await owner1.from('public_sites').update({ slug }).eq('organization_id', ORG1).select('slug');
    expect(refusal(answer)).toEqual({ status: 400, code: '23514', hint: 'slug_reserved' });
  });

  it("another site's slug → 409 slug_taken", async () => {
    const answer = await owner1
      .from('public_sites')
      .update({ slug: 'second' })
      .eq('organization_id', ORG1)
      .select('slug');
    expect(refusal(answer)).toEqual({ status: 409, code: '23505', hint: 'slug_taken' });
  });

  it('a malformed slug → 400 slug_invalid', async () => {
    for (const slug of ['has space', '-edge', 'ميم', 'x'.repeat(49)]) {
      const answer = await owner1.from('public_sites').update({ slug }).eq('organization_id', ORG1).select('slug');
      expect(refusal(answer)).toEqual({ status: 400, code: '23514', hint: 'slug_invalid' });
    }
  });

  it('an unchanged slug is not re-checked (saving other fields keeps working)', async () => {
    const answer = await owner1
      .from('public_sites')
      .update({ slug: 'demo', about: 'Same slug' })
      .eq('organization_id', ORG1)
      .select('slug');
    expect(answer.error).toBeNull();
    expect(answer.data).toEqual([{ slug: 'demo' }]);
  });
});

describe('a changed slug keeps the old address', () => {
  it('the old slug resolves to the new one; no other site may take it; changing back works', async () => {
    const moved = await owner1
      .from('public_sites')
      .update({ slug: 'demo-stays' })
      .eq('organization_id', ORG1)
      .select('slug')
      .single();
    expect(moved.error).toBeNull();
    expect(await resolveAsVisitor('demo')).toBe('demo-stays');
    expect(await resolveAsVisitor('demo-stays')).toBe('demo-stays');
    const mine = await owner1.from('public_site_slug_history').select('slug').eq('organization_id', ORG1);
    expect(mine.data).toEqual([{ slug: 'demo' }]);

    const grab = await owner2.from('public_sites').update({ slug: 'demo' }).eq('organization_id', ORG2).select('slug');
    expect(refusal(grab)).toEqual({ status: 409, code: '23505', hint: 'slug_taken' });

    const back = await owner1
      .from('public_sites')
      .update({ slug: 'demo' })
      .eq('organization_id', ORG1)
      .select('slug')
      .single();
    expect(back.error).toBeNull();
    expect(await resolveAsVisitor('demo-stays')).toBe('demo');
    const after = await svc.from('public_site_slug_history').select('slug').eq('organization_id', ORG1);
    expect(after.data).toEqual([{ slug: 'demo-stays' }]);
  });

  it('a disabled site resolves for nobody outside, by its current or an old slug', async () => {
    const renamed = await owner2
      .from('public_sites')
      .update({ slug: 'second-homes' })
      .eq('organization_id', ORG2)
      .select('slug')
      .single();
    expect(renamed.error).toBeNull();
    expect(await resolveAsVisitor('second')).toBe('second-homes');
    await owner2.from('public_sites').update({ enabled: false }).eq('organization_id', ORG2).throwOnError();
    expect(await resolveAsVisitor('second')).toBeNull();
    expect(await resolveAsVisitor('second-homes')).toBeNull();
    const anonHistory = await visitor.from('public_site_slug_history').select('slug').eq('organization_id', ORG2);
    expect(anonHistory.data).toEqual([]);
    const otherStaff = await owner1.from('public_site_slug_history').select('slug').eq('organization_id', ORG2);
    expect(otherStaff.data).toEqual([]);
    const ownStaff = await owner2.from('public_site_slug_history').select('slug').eq('organization_id', ORG2);
    expect(ownStaff.data).toEqual([{ slug: 'second' }]);
    await owner2
      .from('public_sites')
      .update({ enabled: true, slug: 'second' })
      .eq('organization_id', ORG2)
      .throwOnError();
    expect(await resolveAsVisitor('second-homes')).toBe('second');
  });
});

describe('logo uploads (org-assets)', () => {
  const png = () => new Blob([PNG], { type: 'image/png' });

  it("the owner uploads a PNG into the organisation's folder; anyone reads it", async () => {
    const path = `${ORG1}/logo-test.png`;
    expect(
      (await owner1.storage.from('org-assets').upload(path, png(), { contentType: 'image/png' })).error,
    ).toBeNull();
    const url = visitor.storage.from('org-assets').getPublicUrl(path).data.publicUrl;
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);
  });

  it('SVG, files over 2 MiB, other folders and members without the permission are refused', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    const bucket = owner1.storage.from('org-assets');
    expect((await bucket.upload(`${ORG1}/logo.svg`, svg, { contentType: 'image/svg+xml' })).error).not.toBeNull();
    const big = new Blob([PNG, new Uint8Array(2 * 1024 * 1024)], { type: 'image/png' });
    expect((await bucket.upload(`${ORG1}/big.png`, big, { contentType: 'image/png' })).error).not.toBeNull();
    expect(
      (await owner2.storage.from('org-assets').upload(`${ORG1}/x.png`, png(), { contentType: 'image/png' })).error,
    ).not.toBeNull();
    expect(
      (await member.storage.from('org-assets').upload(`${ORG1}/m.png`, png(), { contentType: 'image/png' })).error,
    ).not.toBeNull();
    expect(
      (await visitor.storage.from('org-assets').upload(`${ORG1}/a.png`, png(), { contentType: 'image/png' })).error,
    ).not.toBeNull();
  });
});
