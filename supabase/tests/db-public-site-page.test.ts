/**
 * public_site_page(slug): the whole `/org/<slug>` page in one request (issues 12, 13), called as
 * a visitor through supabase-js. It must show exactly what the visitor may read (enabled site,
 * active units with their main photo, published reviews and their average), nothing of another
 * organisation, no guest data beyond a published review's name, a redirect for an old slug and
 * null for a disabled or unknown site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, ORG1, ORG2, service, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let visitor: Db;
let svc: Db;

interface PageAnswer {
  site?: Record<string, unknown>;
  units?: Array<Record<string, unknown>>;
  reviews?: Array<Record<string, unknown>>;
  rating?: { average: number | null; count: number };
  redirect?: string;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  visitor = anon(stack);
  svc = service(stack);
});
afterAll(() => stack?.stop());

async function page(slug: string): Promise<PageAnswer | null> {
  const { data, error } = await visitor.rpc('public_site_page', { p_slug: slug });
  expect(error).toBeNull();
  return data as PageAnswer | null;
}

async function siteOf(org: string) {
  const { data } = await svc.from('public_sites').select('*').eq('organization_id', org).single().throwOnError();
  return data;
}

describe('public_site_page as a visitor', () => {
  it('answers the enabled site with its active units, main photos, published reviews and rating', async () => {
    const site = await siteOf(ORG1);
    const answer = await page(site.slug.toUpperCase());
    expect(answer?.site?.slug).toBe(site.slug);

    const { data: units } = await svc.from('units').select('id, is_active').eq('organization_id', ORG1).throwOnError();
    const active = new Set(units.filter((u) => u.is_active).map((u) => u.id));
    expect(answer?.units?.length).toBe(Math.min(active.size, 24));
    for (const unit of answer?.units ?? []) expect(active.has(String(unit.id))).toBe(true);

    // The main photo of each listed unit, and only the main one.
    const { data: mains } = await svc
      .from('unit_photos')
      .select('unit_id, storage_path, small_path')
      .eq('organization_id', ORG1)
      .eq('is_main', true)
      .throwOnError();
    const mainOf = new Map(mains.map((p) => [p.unit_id, p]));
    for (const unit of answer?.units ?? []) {
      expect(unit.main_photo ?? null).toBe(mainOf.get(String(unit.id))?.storage_path ?? null);
      // Its small copy (issue 13), for the card's srcset.
      expect(unit.main_photo_small ?? null).toBe(mainOf.get(String(unit.id))?.small_path ?? null);
    }

    const { data: published } = await svc
      .from('reviews')
      .select('rating')
      .eq('organization_id', ORG1)
      .eq('is_published', true)
      .throwOnError();
    expect(answer?.rating?.count).toBe(published.length);
    if (published.length > 0) {
      const average = published.reduce((sum, r) => sum + r.rating, 0) / published.length;
      expect(Number(answer?.rating?.average)).toBeCloseTo(average, 2);
    }
    expect(answer?.reviews?.length).toBe(Math.min(published.length, 12));
  });

  it('shows nothing the page does not need: no guest phone, no lock or address fields, no other organisation', async () => {
    const site = await siteOf(ORG1);
    const answer = await page(site.slug);
    const text = JSON.stringify(answer);
    expect(Object.keys(answer?.units?.[0] ?? {}).sort()).toEqual(
      [
        'address_city',
        'address_region',
        'bathrooms',
        'bedrooms',
        'description',
        'description_ar',
        'id',
        'main_photo',
        'main_photo_small',
        'max_guests',
        'name',
        'name_ar',
        'price_per_night',
        'type',
      ].sort(),
    );
    expect(Object.keys(answer?.reviews?.[0] ?? {}).sort()).toEqual(
      ['created_at', 'guest_name', 'id', 'message', 'published_at', 'rating'].sort(),
    );
    const { data: others } = await svc.from('units').select('id').eq('organization_id', ORG2).throwOnError();
    for (const other of others) expect(text).not.toContain(other.id);
  });

  it('an unpublished review is neither listed nor counted', async () => {
    const site = await siteOf(ORG1);
    const before = await page(site.slug);
    const { data: review } = await svc
      .from('reviews')
      .select('id')
      .eq('organization_id', ORG1)
      .eq('is_published', true)
      .limit(1)
      .single()
      .throwOnError();
    await svc.from('reviews').update({ is_published: false }).eq('id', review.id).throwOnError();
    try {
      const after = await page(site.slug);
      expect(after?.rating?.count).toBe((before?.rating?.count ?? 0) - 1);
      expect(JSON.stringify(after?.reviews)).not.toContain(review.id);
    } finally {
      await svc.from('reviews').update({ is_published: true }).eq('id', review.id).throwOnError();
    }
  });

  it('an old slug answers a redirect to the current one; a disabled site and an unknown slug answer null', async () => {
    const site = await siteOf(ORG2);
    const renamed = `${site.slug}-renamed`;
    await svc.from('public_sites').update({ slug: renamed }).eq('id', site.id).throwOnError();
    try {
      expect(await page(site.slug)).toEqual({ redirect: renamed });
      await svc.from('public_sites').update({ enabled: false }).eq('id', site.id).throwOnError();
      expect(await page(renamed)).toBeNull();
      expect(await page(site.slug)).toBeNull();
    } finally {
      await svc
        .from('public_sites')
        .update({ slug: site.slug, enabled: site.enabled })
        .eq('id', site.id)
        .throwOnError();
    }
    expect(await page('no-such-site-anywhere')).toBeNull();
  });
});
