-- Guest reviews from the public page are rate-limited like booking requests (DESIGN §4: every
-- public entry point is rate-limited). submit_review() is callable by anyone; before this, one
-- visitor could file thousands of unpublished reviews and bury the real ones staff moderate.
--
-- The limits, per organisation:
--   * per client address (private.request_client_address(), an IPv6 client by its /64): at most
--     3 reviews in 24 hours. A family may review two stays and fix a typo; a script cannot flood.
--   * per stay: one review per booking reference. A second one for the same booking is refused
--     whoever sends it, so a reference cannot be used to stamp many reviews as "verified stay".
-- Both answer HTTP 429 / 409 with a key the page translates. Requests without an address (the
-- service role, direct SQL) are not counted, as for request_booking().

create table private.review_origins (
  review_id uuid primary key references public.reviews (id) on delete cascade,
  organization_id uuid not null,
  client_address text not null,
  created_at timestamptz not null default now()
);
comment on table private.review_origins is
  'Client address key of each review filed through submit_review(), for its per-address limit; rows older than a day are deleted.';
create index review_origins_address_idx on private.review_origins (organization_id, client_address, created_at);
revoke all on table private.review_origins from public, anon, authenticated;
grant select, insert, delete on table private.review_origins to service_role;

-- Only one review per stay (the reference ties a review to a real booking).
create unique index reviews_one_per_booking on public.reviews (organization_id, booking_id) where booking_id is not null;

-- submit_review as in 20261123150000_not_found_is_404.sql, plus the two limits.
create or replace function public.submit_review(
  slug text,
  guest_name text,
  rating integer,
  message text default null,
  booking_reference text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
  booking_unit uuid;
  booking_row uuid;
  review_id uuid;
  address text := private.client_address_key(private.request_client_address());
begin
  select s.organization_id into org from public.public_sites s where s.slug = lower(submit_review.slug) and s.enabled;
  if org is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'PT404');
  end if;
  if rating is null or rating < 1 or rating > 5 or nullif(btrim(coalesce(guest_name, '')), '') is null then
    perform private.fail('Please check your input and try again.', 'review_invalid', '23514');
  end if;
  if address is not null then
    delete from private.review_origins o where o.organization_id = org and o.created_at < now() - interval '1 day';
    if (select count(*) from private.review_origins o
         where o.organization_id = org and o.client_address = address) >= 3 then
      perform private.fail('Too many reviews from this connection. Please try again tomorrow.',
                           'review_limit_address', 'PT429');
    end if;
  end if;
  if booking_reference is not null then
    select b.id, b.unit_id into booking_row, booking_unit from public.bookings b
      where b.booking_reference = upper(btrim(submit_review.booking_reference)) and b.organization_id = org;
    if booking_row is not null and exists (select 1 from public.reviews r
                                            where r.organization_id = org and r.booking_id = booking_row) then
      perform private.fail('This stay has already been reviewed', 'review_already_submitted', 'PT409');
    end if;
  end if;
  insert into public.reviews (organization_id, unit_id, booking_id, guest_name, rating, message, is_published)
  values (org, booking_unit, booking_row, btrim(guest_name), rating, nullif(btrim(coalesce(message, '')), ''), false)
  returning id into review_id;
  if address is not null then
    insert into private.review_origins (review_id, organization_id, client_address) values (review_id, org, address);
  end if;
  return review_id;
end;
$$;
comment on function public.submit_review is
  'A visitor''s review of an organisation (unpublished until staff publish it): at most 3 per client address and organisation a day, one per booking.';
revoke execute on function public.submit_review(text, text, integer, text, text) from public;
grant execute on function public.submit_review(text, text, integer, text, text) to anon, authenticated;
