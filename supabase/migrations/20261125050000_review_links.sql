-- Reviews from real guests only (issue 13): after check-out a guest reviews their stay through a
-- link that is signed (a random token only its holder knows; the database keeps its SHA-256),
-- single use and tied to the booking. One review per stay still holds (reviews_one_per_booking).
--
--   * private.review_invitations: one row per booking, created when the booking is checked out
--     (trigger, like the check-out cleaning task) and re-keyed by staff with review_link().
--   * public.review_link(booking_id): staff with bookings access get `/review/<token>` for a
--     checked-out stay of their organisation that has no review yet; every call issues a fresh
--     token (the old one stops working) and a fresh 30-day expiry. 404 for another organisation's
--     or a missing booking, 409 when the stay is not checked out or already reviewed.
--   * public.review_invitation(token): what the guest's form shows (site and unit names, stay
--     dates, the guest's first name). 404 unknown token, 409 used (`review_link_used`), 410
--     expired (`review_link_expired`, SQLSTATE PT410: PostgREST answers HTTP 410 Gone).
--   * public.submit_review_with_link(token, rating, message): the review, with the guest's name
--     from the booking's client, unpublished; marks the token used in the same transaction.
--
-- The anonymous submit_review(slug, guest_name, …) let anyone file a review for any organisation;
-- visitors and signed-in users can no longer call it (its body stays for history). Its
-- per-address limit is not carried over: a link review needs a token staff issued for a
-- checked-out stay, and each token makes at most one review, so a visitor cannot file more
-- reviews than the organisation has stays.

create table private.review_invitations (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  organization_id uuid not null,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint review_invitations_token_hash_key unique (token_hash),
  constraint review_invitations_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$')
);
comment on table private.review_invitations is
  'The review link of each checked-out booking: SHA-256 of its token (the token itself is never stored), expiry and when it was used.';
comment on column private.review_invitations.organization_id is 'The booking''s organisation (copied; the booking row cascades).';
comment on column private.review_invitations.token_hash is 'Hex SHA-256 of the token in the guest''s link.';
comment on column private.review_invitations.used_at is 'When a review was submitted with the link; a used link never works again.';
revoke all on table private.review_invitations from public, anon, authenticated;
grant select, insert, update, delete on table private.review_invitations to service_role;

-- Hex SHA-256 of a token (how the table stores it).
create function private.review_token_hash(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(token, 'UTF8')), 'hex');
$$;
comment on function private.review_token_hash is 'Hex SHA-256 of a review link token, as review_invitations stores it.';
revoke execute on function private.review_token_hash(text) from public, anon, authenticated;

-- A fresh token for a booking's review link: stores its hash with a 30-day expiry, replacing an
-- unused older one, and returns the token (the only time it exists in clear). Null when the
-- link was already used.
create function private.issue_review_invitation(booking uuid, organization uuid)
returns text
language plpgsql
set search_path = ''
as $$
declare
  -- 244 random bits from two v4 UUIDs (core PostgreSQL, as create_api_key).
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  stored uuid;
begin
  insert into private.review_invitations as i (booking_id, organization_id, token_hash, expires_at)
  values (booking, organization, private.review_token_hash(token), now() + interval '30 days')
  on conflict (booking_id) do update
    set token_hash = excluded.token_hash, expires_at = excluded.expires_at, created_at = now()
    where i.used_at is null
  returning i.booking_id into stored;
  if stored is null then
    return null;
  end if;
  return token;
end;
$$;
comment on function private.issue_review_invitation is
  'Issues a fresh review link token for a booking (30 days), replacing an unused one; null if the link was used. Internal: callers check access first.';
revoke execute on function private.issue_review_invitation(uuid, uuid) from public, anon, authenticated;

-- Check-out → the stay's review link (its token is re-issued when staff send it, review_link()).
create function private.bookings_review_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status <> 'checked_out' or old.status = 'checked_out' then
    return null;
  end if;
  if not exists (select 1 from private.review_invitations i where i.booking_id = new.id) then
    perform private.issue_review_invitation(new.id, new.organization_id);
  end if;
  return null;
end;
$$;
comment on function private.bookings_review_invitation is
  'After a booking is checked out: its review invitation (single use, 30 days), unless it has one.';
revoke execute on function private.bookings_review_invitation() from public, anon, authenticated;
create trigger bookings_review_invitation after update of status on public.bookings
  for each row execute function private.bookings_review_invitation();

-- Staff: the link to send a guest.
create function public.review_link(booking_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  booking record;
  token text;
begin
  if org is null or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    perform private.fail('Permission denied', 'review_link_forbidden', '42501');
  end if;
  select b.id, b.status into booking from public.bookings b
    where b.id = review_link.booking_id and b.organization_id = org;
  if booking.id is null then
    perform private.fail('Booking not found', 'booking_not_found', 'PT404');
  end if;
  if booking.status <> 'checked_out' then
    perform private.fail('A review link is only for a checked-out stay', 'review_link_not_checked_out', 'PT409');
  end if;
  if exists (select 1 from public.reviews r where r.organization_id = org and r.booking_id = booking.id) then
    perform private.fail('This stay has already been reviewed', 'review_already_submitted', 'PT409');
  end if;
  token := private.issue_review_invitation(booking.id, org);
  if token is null then
    perform private.fail('This stay has already been reviewed', 'review_already_submitted', 'PT409');
  end if;
  return '/review/' || token;
end;
$$;
comment on function public.review_link is
  'Staff with bookings access: the path /review/<token> of a fresh single-use review link (30 days) for a checked-out stay of their organisation without a review; the previous unused link stops working. 404 other organisation, 409 not checked out or reviewed.';
revoke execute on function public.review_link(uuid) from public, anon;
grant execute on function public.review_link(uuid) to authenticated;

-- The invitation behind a token, locked when `for_update`; fails with the link's state.
create function private.review_invitation_row(token text, for_update boolean)
returns private.review_invitations
language plpgsql
set search_path = ''
as $$
declare
  invitation private.review_invitations;
begin
  if token is not null and length(token) <= 200 then
    if for_update then
      select * into invitation from private.review_invitations i
        where i.token_hash = private.review_token_hash(btrim(token)) for update;
    else
      select * into invitation from private.review_invitations i
        where i.token_hash = private.review_token_hash(btrim(token));
    end if;
  end if;
  if invitation.booking_id is null then
    perform private.fail('This review link is not valid', 'review_link_invalid', 'PT404');
  end if;
  if invitation.used_at is not null
     or exists (select 1 from public.reviews r
                 where r.organization_id = invitation.organization_id and r.booking_id = invitation.booking_id) then
    perform private.fail('This review link has already been used', 'review_link_used', 'PT409');
  end if;
  if invitation.expires_at <= now() then
    perform private.fail('This review link has expired', 'review_link_expired', 'PT410');
  end if;
  return invitation;
end;
$$;
comment on function private.review_invitation_row is
  'The valid invitation of a review token (optionally locked); PT404 unknown, PT409 used, PT410 expired. Internal.';
revoke execute on function private.review_invitation_row(text, boolean) from public, anon, authenticated;

-- Guest: what the review form shows.
create function public.review_invitation(token text)
returns table (
  organization_name text,
  organization_name_ar text,
  unit_name text,
  unit_name_ar text,
  check_in date,
  check_out date,
  guest_first_name text,
  expires_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  invitation private.review_invitations := private.review_invitation_row(review_invitation.token, false);
begin
  return query
    select coalesce(s.name, o.name), s.name_ar, u.name, u.name_ar, b.check_in, b.check_out,
           split_part(btrim(c.name), ' ', 1), invitation.expires_at
    from public.bookings b
    join public.organizations o on o.id = b.organization_id
    join public.units u on u.id = b.unit_id
    join public.clients c on c.id = b.client_id
    left join public.public_sites s on s.organization_id = b.organization_id
    where b.id = invitation.booking_id;
end;
$$;
comment on function public.review_invitation is
  'Anyone holding a valid review link: the organisation (site) name, unit name, stay dates and the guest''s first name, nothing else. 404 unknown, 409 used, 410 expired.';
revoke execute on function public.review_invitation(text) from public;
grant execute on function public.review_invitation(text) to anon, authenticated;

-- Guest: the review itself.
create function public.submit_review_with_link(token text, rating integer, message text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  invitation private.review_invitations := private.review_invitation_row(submit_review_with_link.token, true);
  body text := nullif(btrim(coalesce(message, '')), '');
  booking record;
  review_id uuid;
begin
  if rating is null or rating < 1 or rating > 5 or length(coalesce(body, '')) > 4000 then
    perform private.fail('Please check your input and try again.', 'review_invalid', '23514');
  end if;
  select b.id, b.organization_id, b.unit_id, left(btrim(c.name), 120) as guest_name into booking
    from public.bookings b join public.clients c on c.id = b.client_id
    where b.id = invitation.booking_id;
  insert into public.reviews (organization_id, unit_id, booking_id, guest_name, rating, message, is_published)
  values (booking.organization_id, booking.unit_id, booking.id, booking.guest_name, rating, body, false)
  returning id into review_id;
  update private.review_invitations i set used_at = now() where i.booking_id = booking.id;
  return review_id;
end;
$$;
comment on function public.submit_review_with_link is
  'A guest''s review through their link: rating 1–5 and an optional message (≤ 4000), stored unpublished with the booking, unit and the guest''s name; the link is then used. 404 unknown, 409 used or reviewed, 410 expired, 400 bad input.';
revoke execute on function public.submit_review_with_link(text, integer, text) from public;
grant execute on function public.submit_review_with_link(text, integer, text) to anon, authenticated;

-- The anonymous review path is closed (reviews from real guests only). Its body is kept.
revoke execute on function public.submit_review(text, text, integer, text, text) from public, anon, authenticated;
comment on function public.submit_review is
  'Retired (issue 13): visitors and signed-in users can no longer call it; guests review through submit_review_with_link(). Was: a visitor''s review of an organisation, at most 3 per client address a day, one per booking.';
