import { beforeEach, describe, expect, it, vi } from 'vitest';

const getUser = vi.fn();
const maybeSingle = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: { getUser: () => getUser() as unknown },
    rpc: (name: string) => rpc(name) as unknown,
    from: () => ({ select: () => ({ eq: () => ({ maybeSingle: () => maybeSingle() as unknown }) }) }),
  },
}));

const { loadAccount } = await import('./load-account');

const user = { id: 'u1', phone: '966500000001' };
const profile = {
  id: 'p1',
  user_id: 'u1',
  organization_id: 'o1',
  kind: 'staff',
  full_name: null,
  created_at: '2026-11-22T00:00:00Z',
};
const organization = {
  id: 'o1',
  name: 'Nuzl Demo Stays',
  name_ar: null,
  slug: 'demo',
  default_timezone: 'Asia/Dubai',
  default_currency: 'AED',
};

describe('loadAccount (SPEC §8 messages)', () => {
  beforeEach(() => {
    getUser.mockReset();
    maybeSingle.mockReset();
    rpc.mockReset();
    rpc.mockResolvedValue({ data: null, error: null });
    getUser.mockResolvedValue({ data: { user }, error: null });
  });

  it('returns the profile and its organisation', async () => {
    maybeSingle.mockResolvedValue({ data: { ...profile, organizations: organization }, error: null });
    await expect(loadAccount()).resolves.toEqual({ ok: true, user, profile, organization });
  });

  it('"Authentication failed" when the user cannot be loaded', async () => {
    getUser.mockResolvedValue({ data: { user: null }, error: { name: 'AuthApiError', code: 'bad_jwt', status: 403 } });
    await expect(loadAccount()).resolves.toMatchObject({ ok: false, problem: { kind: 'authentication_failed' } });
    expect(maybeSingle).not.toHaveBeenCalled();
  });

  it('"User profile not found" when there is no profile row', async () => {
    maybeSingle.mockResolvedValue({ data: null, error: null });
    await expect(loadAccount()).resolves.toMatchObject({ ok: false, user, problem: { kind: 'profile_not_found' } });
  });

  it('"Failed to load organization: …" with a translated reason when the request fails', async () => {
    maybeSingle.mockResolvedValue({
      data: null,
      error: { code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' },
    });
    await expect(loadAccount()).resolves.toMatchObject({
      ok: false,
      problem: { kind: 'organization_failed', detail: 'Network error. Please check your connection.' },
    });
  });

  it('"No organization found" for a staff profile without one', async () => {
    maybeSingle.mockResolvedValue({ data: { ...profile, organization_id: null, organizations: null }, error: null });
    await expect(loadAccount()).resolves.toMatchObject({
      ok: false,
      profile: { id: 'p1' },
      problem: { kind: 'no_organization' },
    });
  });

  it('the staff of a suspended organisation are told so, with the reason (issue 14)', async () => {
    // RLS hides a suspended organisation from its staff: the embed comes back empty.
    maybeSingle.mockResolvedValue({ data: { ...profile, status: 'active', organizations: null }, error: null });
    rpc.mockResolvedValue({ data: { organization_id: 'o1', reason: 'Unpaid invoices' }, error: null });
    await expect(loadAccount()).resolves.toMatchObject({
      ok: false,
      user,
      problem: { kind: 'suspended', detail: 'Unpaid invoices' },
    });
    expect(rpc).toHaveBeenCalledWith('my_organization_suspension');
  });

  it('an organisation that is not suspended but unreadable is still "No organization found"', async () => {
    maybeSingle.mockResolvedValue({ data: { ...profile, organizations: null }, error: null });
    await expect(loadAccount()).resolves.toMatchObject({ problem: { kind: 'no_organization' } });
  });

  it('a deactivated member is told so, not sent to create an organisation (issue 14)', async () => {
    // RLS hides the organisation from an inactive member: the embed comes back empty.
    maybeSingle.mockResolvedValue({ data: { ...profile, status: 'inactive', organizations: null }, error: null });
    await expect(loadAccount()).resolves.toMatchObject({ ok: false, user, problem: { kind: 'inactive' } });
  });

  it('vendors and the platform administrator need no organisation', async () => {
    maybeSingle.mockResolvedValue({
      data: { ...profile, kind: 'vendor', organization_id: null, organizations: null },
      error: null,
    });
    await expect(loadAccount()).resolves.toMatchObject({ ok: true, organization: null });
  });
});
