-- Settings → Public site (issue 13): the slug an operator edits is checked by the database, and a
-- changed slug keeps its old address working.
--
-- * Reserved words: a site's slug may not be one of the app's own routes (/dashboard, /login,
--   /org, /api, …, src/config/paths.ts) or a service path, since /{slug} short links would
--   shadow them. Refused with HTTP 400 (23514) and the key `slug_reserved`.
-- * Format: lower-case Latin letters, digits and inner hyphens, 1–48 characters; refused with
--   400 (23514) `slug_invalid` before the check constraint's anonymous message.
-- * Unique: another site's current slug, or one of its previous slugs (its old links still lead
--   to it), is refused with HTTP 409 (23505) `slug_taken`. The unique constraint stays as the
--   last word under concurrency (also 409).
-- * History: when a site's slug changes, the old one is kept in public.public_site_slug_history
--   (one row per old slug, the newest owner wins). A site taking one of its own old slugs back
--   removes it from its history. Visitors read the history of enabled sites only, so
--   /org/<old> and /<old> resolve to the current slug of an enabled site and to nothing else.
-- * Logos: the org-assets bucket (20261122002800_storage.sql, 2 MiB) no longer takes SVG. The
--   public page shows the logo in an <img>, where SVG is harmless, but a logo opened directly
--   is a document of the storage origin; PNG, JPEG and WebP are enough for a logo.

-- The words a slug may not be: the app's routes and legacy section paths, service paths, and
-- names that would read as ours. organizations_slug_not_reserved lists the first ones for
-- organisations; this list is the public site's, a superset.
create function private.reserved_slugs()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    -- routes of src/config/paths.ts
    'org', 'game', 'health', 'login', 'logout', 'auth-diagnostics', 'reset-password', 'verify',
    'super-admin', 'dashboard', 'onboarding', 'signup', 'register',
    -- dashboard sections, also reachable at their legacy top-level path
    'units', 'bookings', 'clients', 'payments', 'vendors', 'tasks', 'access', 'users', 'reports',
    'settings', 'invoices', 'overview', 'reviews',
    -- service and asset paths
    'api', 'admin', 'assets', 'auth', 'rest', 'storage', 'functions', 'realtime', 'graphql',
    'static', 'public', 'www', 'mail', 'status',
    -- names that would pass for Nuzl itself
    'nuzl', 'help', 'support', 'about', 'terms', 'privacy', 'docs'
  ]::text[]
$$;
comment on function private.reserved_slugs() is
  'Slugs no public site may use: app routes (src/config/paths.ts), service paths and names that would read as Nuzl''s.';
revoke execute on function private.reserved_slugs() from public;

-- Previous slugs of each site, for redirects.
create table public.public_site_slug_history (
  slug text primary key,
  site_id uuid not null references public.public_sites (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.public_site_slug_history is
  'Previous slugs of public sites: /org/<old> redirects to the site''s current slug. Written by a trigger on public_sites only.';
create index public_site_slug_history_site_idx on public.public_site_slug_history (site_id);
create index public_site_slug_history_organization_idx on public.public_site_slug_history (organization_id);

alter table public.public_site_slug_history enable row level security;

-- Visitors: the old slugs of enabled sites only (the same sites they may read), so a disabled
-- site's old address resolves to nothing, exactly like its current one.
create policy public_site_slug_history_select_public on public.public_site_slug_history
  for select to anon
  using (organization_id = any ((select private.public_org_ids())::uuid[]));

-- Signed-in users: their own organisation's history (to see what still redirects) and, as
-- visitors do, the history of enabled sites.
create policy public_site_slug_history_select on public.public_site_slug_history
  for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[])
         or organization_id = any ((select private.public_org_ids())::uuid[]));

-- No insert, update or delete policy and no such grant: only the trigger below (security
-- definer) writes, so nobody can point an old address at another organisation's site.
revoke all on table public.public_site_slug_history from public, anon, authenticated;
grant select on table public.public_site_slug_history to anon, authenticated;
grant all on table public.public_site_slug_history to service_role;

-- public_sites_before_write as in the baseline (blank slug → the organisation's), plus the
-- format, reserved and taken checks, on insert and whenever the slug changes.
create or replace function private.public_sites_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slug is null or btrim(new.slug) = '' then
    select o.slug into new.slug from public.organizations o where o.id = new.organization_id;
  end if;
  new.slug := lower(btrim(new.slug));
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    if new.slug !~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$' then
      perform private.fail('Use lower-case letters, digits and hyphens for the address', 'slug_invalid', '23514');
    end if;
    if new.slug = any (private.reserved_slugs()) then
      perform private.fail('This address is reserved, please choose another one', 'slug_reserved', '23514');
    end if;
    if exists (select 1 from public.public_sites s where s.slug = new.slug and s.id <> new.id)
       or exists (select 1 from public.public_site_slug_history h where h.slug = new.slug and h.site_id <> new.id) then
      perform private.fail('This address is already taken', 'slug_taken', '23505');
    end if;
  end if;
  return new;
end;
$$;
revoke execute on function private.public_sites_before_write() from public;

-- After a slug change: remember the old slug for this site; forget the new one if it was an old one.
create function private.public_sites_slug_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.public_site_slug_history h where h.slug = new.slug and h.site_id = new.id;
  insert into public.public_site_slug_history (slug, site_id, organization_id)
  values (old.slug, new.id, new.organization_id)
  on conflict (slug) do update set site_id = excluded.site_id, organization_id = excluded.organization_id,
                                   created_at = now();
  return null;
end;
$$;
revoke execute on function private.public_sites_slug_history() from public;

create trigger public_sites_slug_history after update of slug on public.public_sites
  for each row when (old.slug is distinct from new.slug)
  execute function private.public_sites_slug_history();

-- Logos: PNG, JPEG or WebP, at most 2 MiB (unchanged).
update storage.buckets
set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp'], file_size_limit = 2097152
where id = 'org-assets';
