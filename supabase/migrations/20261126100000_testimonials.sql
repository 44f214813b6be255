-- Testimonials on the landing page (issue 12, SPEC §2): quotes from hosts who use Nuzl, managed by
-- the platform's super administrator (until the super-admin console has a screen for them, with
-- the service role or SQL). Visitors read published ones only; nobody else writes.
--
-- Nothing invented is shown as a real customer: a testimonial is published only once the permission
-- of the person quoted is recorded (permission_at), and production starts with none (the local seed
-- quotes its own demo organisations). The landing hides the section while none is published.

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  -- The customer organisation quoted, when it is one; its testimonials go when it is deleted.
  organization_id uuid references public.organizations (id) on delete cascade,
  author_name text not null check (length(btrim(author_name)) between 1 and 120),
  -- Shown under the name, as written: "Owner, Nuzl Demo Stays", "مدير العمليات، البيوت الثانية".
  author_role text check (author_role is null or length(btrim(author_role)) between 1 and 160),
  quote text not null check (length(btrim(quote)) between 1 and 600),
  -- The language the quote was given in; the page shows it as given, in both languages (lang, dir).
  language text not null check (language in ('en', 'ar')),
  -- When the person quoted agreed to its publication (a publishing condition, below).
  permission_at timestamptz,
  is_published boolean not null default false,
  published_at timestamptz,
  -- Lower first; ties by newest publication.
  sort_order smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint testimonials_published_with_permission check (not is_published or permission_at is not null)
);
comment on table public.testimonials is
  'Landing-page testimonials (issue 12): written by the super administrator; visitors read published ones. Publishing needs the quoted person''s recorded permission.';
create index testimonials_organization_idx on public.testimonials (organization_id);
create index testimonials_published_idx on public.testimonials (sort_order, published_at desc) where is_published;

create trigger testimonials_touch before update on public.testimonials
  for each row execute function private.touch_updated_at();

-- published_at follows is_published, as for guest reviews: stamped when published, cleared when not.
create function private.testimonials_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    new.published_at := now();
  elsif not new.is_published then
    new.published_at := null;
  end if;
  return new;
end;
$$;
comment on function private.testimonials_published_at() is
  'BEFORE INSERT/UPDATE trigger on testimonials: published_at is the moment of publication, null while unpublished.';
revoke all on function private.testimonials_published_at() from public;
create trigger testimonials_published_at before insert or update on public.testimonials
  for each row execute function private.testimonials_published_at();

alter table public.testimonials enable row level security;

-- Visitors read published testimonials only (the landing page).
create policy testimonials_select_public on public.testimonials for select to anon
  using (is_published);
-- Signed-in people read published ones too (the landing is the same signed in); the super
-- administrator reads drafts as well.
create policy testimonials_select on public.testimonials for select to authenticated
  using (is_published or (select private.is_super_admin()));
-- Only the super administrator adds testimonials.
create policy testimonials_insert on public.testimonials for insert to authenticated
  with check ((select private.is_super_admin()));
-- Only the super administrator edits, publishes and unpublishes them.
create policy testimonials_update on public.testimonials for update to authenticated
  using ((select private.is_super_admin()))
  with check ((select private.is_super_admin()));
-- Only the super administrator deletes them.
create policy testimonials_delete on public.testimonials for delete to authenticated
  using ((select private.is_super_admin()));

revoke all on table public.testimonials from public, anon, authenticated;
grant select on table public.testimonials to anon;
grant select, insert, update, delete on table public.testimonials to authenticated;
grant all on table public.testimonials to service_role;
