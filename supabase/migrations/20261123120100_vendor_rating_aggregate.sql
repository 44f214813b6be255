-- The marketplace rating is a correct aggregate that keeps the ratings a listing came with, and
-- no organisation can dominate it (issue 10, item 5).
--
-- Why 10 rows could turn 4.8 from 126 ratings into 1.0: refresh_vendor_rating()
-- (20261122020100) set `rating` to the mean of the vendor's rated *tasks* only and
-- `reviews_count` to their number, throwing away the 126 ratings the vendor was listed with;
-- and every rated task weighed the same, so one organisation's ten fabricated tasks outvoted
-- everything. It also returned early when no rated task was left, so a vendor kept the last
-- task-based figure after its last rated task was deleted.
--
-- Now:
--  * `prior_rating_sum` / `prior_reviews_count` keep the ratings a listing came with (from
--    before Nuzl or imported by the platform). They are the platform's: a listing inserted by
--    the service role, a migration or the seed with a rating and a count takes those as its
--    prior; a browser-listed vendor starts at 0 / 0 and cannot set or change them
--    (vendor_verification_forbidden, like rating and verification).
--  * Each organisation counts once: its voice is the mean of its own ratings of that vendor's
--    completed tasks. One organisation cannot outvote the marketplace by rating many tasks,
--    and an organisation's newest ratings still move its own voice.
--  * rating = round((prior_rating_sum + sum of the organisations' means) / reviews_count, 1),
--    reviews_count = prior_reviews_count + the number of organisations that rated it; 0 / 0
--    when there is nothing. Both are derived on every write of the vendor row (browsers and
--    the super administrator can no longer set them directly), so a rating that leaves — its
--    task deleted, its vendor cleared, its organisation deleted — is simply not counted any
--    more, down to the prior when it was the last.
--  * refresh_vendor_rating() locks the vendor row before aggregating, so two organisations
--    rating the same vendor at once on PostgreSQL are counted one after the other.

alter table public.vendors
  add column prior_rating_sum numeric(12, 1) not null default 0,
  add column prior_reviews_count integer not null default 0 check (prior_reviews_count >= 0),
  add constraint vendors_prior_rating_range check (prior_rating_sum between 0 and 5 * prior_reviews_count);
comment on column public.vendors.prior_rating_sum is
  'Sum of the ratings the listing came with (before Nuzl / imported by the platform); set by the platform only.';
comment on column public.vendors.prior_reviews_count is
  'Number of ratings the listing came with; the marketplace rating adds one voice per organisation that rated the vendor.';
comment on column public.vendors.rating is
  'Marketplace rating: (prior sum + each rating organisation''s mean) / reviews_count, one decimal; derived.';
comment on column public.vendors.reviews_count is
  'prior_reviews_count + the number of organisations that rated the vendor''s completed tasks; derived.';

-- Existing listings: what they show today is their prior, unless task ratings had already
-- replaced it (then the listed figure is lost and the tasks are the whole story).
update public.vendors v
   set prior_rating_sum = round(v.rating * v.reviews_count, 1),
       prior_reviews_count = v.reviews_count
 where not exists (select 1 from public.tasks t where t.vendor_id = v.id and t.rating is not null);

-- The organisations' voices for one vendor: how many organisations rated its completed tasks,
-- and the sum of each one's mean rating.
create function private.vendor_rating_voices(target uuid, out voices integer, out voice_sum numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer, coalesce(sum(m.mean), 0)
  from (select avg(t.rating)::numeric as mean
        from public.tasks t
        where t.vendor_id = target and t.rating is not null and t.status = 'completed'
        group by t.organization_id) m
$$;
comment on function private.vendor_rating_voices(uuid) is
  'Number of organisations that rated the vendor and the sum of their mean ratings (one voice per organisation).';
revoke all on function private.vendor_rating_voices(uuid) from public;

-- Derives rating and reviews_count on every insert and update of a vendor; keeps the prior the
-- platform's. Sorts after vendors_guard (which keeps verification to the platform and zeroes a
-- browser listing's rating), so the prior of a platform listing is read from what it was given.
create function private.vendors_rating_derive()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v record;
  total integer;
begin
  if not (private.is_trusted() or private.is_super_admin()) then
    if tg_op = 'INSERT' then
      new.prior_rating_sum := 0;
      new.prior_reviews_count := 0;
    elsif new.prior_rating_sum is distinct from old.prior_rating_sum
       or new.prior_reviews_count is distinct from old.prior_reviews_count then
      perform private.fail('Only the platform can verify or rate vendors', 'vendor_verification_forbidden', '42501');
    end if;
  elsif tg_op = 'INSERT' and new.prior_reviews_count = 0 and new.reviews_count > 0 then
    -- A listing imported with its rating (the seed, the platform): that is where it starts.
    new.prior_reviews_count := new.reviews_count;
    new.prior_rating_sum := round(new.rating * new.reviews_count, 1);
  end if;
  select * into v from private.vendor_rating_voices(new.id);
  total := new.prior_reviews_count + v.voices;
  new.reviews_count := total;
  new.rating := case when total = 0 then 0 else round((new.prior_rating_sum + v.voice_sum) / total, 1) end;
  return new;
end;
$$;
comment on function private.vendors_rating_derive() is
  'Vendor rating and reviews_count = prior + one voice per rating organisation; the prior is the platform''s.';
revoke all on function private.vendors_rating_derive() from public;
create trigger vendors_rating_derive before insert or update on public.vendors
  for each row execute function private.vendors_rating_derive();

-- Re-derives one vendor's rating after a task rating came or went. The update takes the row
-- lock before vendors_rating_derive aggregates, and the trigger's query then sees every rating
-- committed by whoever held the lock before.
create or replace function private.refresh_vendor_rating(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if target is not null then
    update public.vendors set rating = rating where id = target;
  end if;
end;
$$;
comment on function private.refresh_vendor_rating(uuid) is
  'Re-derives a vendor''s marketplace rating (vendors_rating_derive) after one of its task ratings changed.';
revoke all on function private.refresh_vendor_rating(uuid) from public;

-- A rated task counts while it is completed, rated and assigned to the vendor: any change of
-- those (or its removal) refreshes the vendors involved.
create or replace function private.tasks_vendor_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.rating is not null then
    perform private.refresh_vendor_rating(old.vendor_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.rating is not null
     and (tg_op = 'INSERT' or new.vendor_id is distinct from old.vendor_id or new.rating is distinct from old.rating
          or new.status is distinct from old.status or new.organization_id is distinct from old.organization_id) then
    perform private.refresh_vendor_rating(new.vendor_id);
  end if;
  return null;
end;
$$;
comment on function private.tasks_vendor_rating() is
  'Refreshes the marketplace rating of the vendor(s) a rated task leaves or joins.';
drop trigger tasks_vendor_rating on public.tasks;
create trigger tasks_vendor_rating after insert or update of rating, vendor_id, status, organization_id or delete on public.tasks
  for each row execute function private.tasks_vendor_rating();

-- Bring every vendor in line with the new rule now.
update public.vendors set rating = rating;
