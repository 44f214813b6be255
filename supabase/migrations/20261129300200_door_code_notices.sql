-- The stay's door code reaches the guest (issue 15: "a code per stay … available to guest
-- messages"). When the locks function has put a stay's code on the lock (booking_lock_codes.state
-- becomes 'active', 20261128500300), a door_code guest notice is filed, due about 24 hours before
-- check-in time (starts_at is already check-in time in the organisation's time zone), or at once
-- when that moment has passed and the stay has not ended. guest-notify sends the code, the unit
-- and the period it works (SMS and e-mail, the guest's language).
--
--   * Dates moved: the locks function moves the code and sets it active again with the new
--     period. A notice not yet sent simply announces the new period (its period and due time are
--     updated); one already sent is followed by a new notice for the new period — one per change.
--     guest_notices gains `revision` (0 for every other kind) and the unique key becomes
--     (booking_id, kind, revision), so "once per booking and kind" still holds for the others.
--   * Cancelled: the code is wanted absent; a door_code notice not yet sent is withdrawn
--     (failed_at with the reason) and nothing more is filed.
--   * Never for the placeholder guests of imported stays (private.channel_guest: passport number
--     'OTA-…', phone 0000000000), nor for a guest without phone and e-mail, nor while the
--     organisation's door_code_to_guest (20261129300100) is off. guest_notice_claim checks again
--     before sending, so a notice filed earlier is withdrawn when the setting, the booking or the
--     code changed meanwhile.
--
-- Guest messages and the door code: guest_notice_claim's answer gains `door_code`
-- ({code, starts_at, ends_at}, the stay's code while it is active on the lock, else null) for every
-- kind, so the texts — and issue 16's per-organisation templates — can use it. Only the door_code
-- notice prints it today. The claim stays service-role only; browsers read codes through
-- booking_lock_codes' own policy.

alter table public.guest_notices add column revision smallint not null default 0;
alter table public.guest_notices add column period_starts_at timestamptz;
alter table public.guest_notices add column period_ends_at timestamptz;
comment on column public.guest_notices.revision is
  'door_code: 0 for the first notice of the stay, +1 for each notice after a date change; 0 for every other kind.';
comment on column public.guest_notices.period_starts_at is 'door_code: from when the announced code works (check-in time).';
comment on column public.guest_notices.period_ends_at is 'door_code: until when the announced code works (check-out time).';
alter table public.guest_notices drop constraint guest_notices_booking_kind_key;
alter table public.guest_notices
  add constraint guest_notices_booking_kind_key unique (booking_id, kind, revision);
alter table public.guest_notices
  add constraint guest_notices_revision_check check (revision >= 0 and (kind = 'door_code' or revision = 0));

-- As in 20261127100000, with the new unique key.
create or replace function private.file_guest_notice(stay public.bookings, notice_kind public.guest_notice_kind, token text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  notice uuid;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return null;
  end if;
  insert into public.guest_notices (organization_id, booking_id, kind)
  values (stay.organization_id, stay.id, notice_kind)
  on conflict (booking_id, kind, revision) do nothing
  returning id into notice;
  if notice is not null then
    if token is not null then
      insert into private.guest_notice_tokens (notice_id, token) values (notice, token);
    end if;
    perform private.guest_notify_request(notice);
  end if;
  return notice;
end;
$$;

-- Why a stay's door code should not be sent (now), or null when it should: the one rule shared by
-- the filing trigger and the claim.
create function private.door_code_notice_refusal(code public.booking_lock_codes)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when code.id is null or code.wanted <> 'present' or code.state <> 'active' then 'The stay has no active door code'
    when not o.door_code_to_guest then 'Sending the door code to guests is turned off'
    when b.status not in ('confirmed', 'checked_in') then 'The stay is no longer confirmed'
    when code.ends_at <= now() then 'The stay has ended'
    when c.passport_number like 'OTA-%' or c.phone = '0000000000' then 'The guest is a platform''s placeholder'
    when nullif(btrim(coalesce(c.phone, '')), '') is null and nullif(btrim(coalesce(c.email, '')), '') is null
      then 'The guest has no phone number or e-mail address'
  end
  from public.bookings b
  join public.organizations o on o.id = b.organization_id
  join public.clients c on c.id = b.client_id
  where b.id = code.booking_id
$$;
comment on function private.door_code_notice_refusal(public.booking_lock_codes) is
  'Why the door code of a stay is not sent to its guest (no active code, setting off, stay not live or ended, placeholder guest, no contact), or null.';
revoke all on function private.door_code_notice_refusal(public.booking_lock_codes) from public;
-- guest_notice_claim runs as the service role and asks the same question.
grant execute on function private.door_code_notice_refusal(public.booking_lock_codes) to service_role;

-- AFTER UPDATE trigger on booking_lock_codes: files, moves or withdraws the stay's door_code notice.
create function private.booking_lock_codes_door_code_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest public.guest_notices;
  due timestamptz;
  notice uuid;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return null;
  end if;
  select * into latest from public.guest_notices g
   where g.booking_id = new.booking_id and g.kind = 'door_code'
   order by g.revision desc limit 1;
  if new.wanted = 'absent' then
    -- Cancelled: what was not sent yet is withdrawn.
    update public.guest_notices g
       set failed_at = now(), locked_until = null, last_error = 'Withdrawn: the stay was cancelled'
     where g.booking_id = new.booking_id and g.kind = 'door_code' and g.sent_at is null and g.failed_at is null;
    return null;
  end if;
  if new.state <> 'active' or (old.state = 'active' and old.starts_at = new.starts_at and old.ends_at = new.ends_at) then
    return null;
  end if;
  if latest.id is not null and latest.period_starts_at = new.starts_at and latest.period_ends_at = new.ends_at
     and (latest.sent_at is not null or latest.failed_at is null) then
    return null; -- this period was announced (or is about to be); a withdrawn notice does not count
  end if;
  if private.door_code_notice_refusal(new) is not null then
    return null;
  end if;
  due := greatest(now(), new.starts_at - interval '24 hours');
  if latest.id is not null and latest.sent_at is null and latest.failed_at is null then
    -- Not sent yet: it announces the new period, when the new period calls for it.
    update public.guest_notices g
       set period_starts_at = new.starts_at, period_ends_at = new.ends_at, next_attempt_at = due
     where g.id = latest.id;
    notice := latest.id;
  else
    insert into public.guest_notices (organization_id, booking_id, kind, revision, next_attempt_at,
                                      period_starts_at, period_ends_at)
    values (new.organization_id, new.booking_id, 'door_code',
            case when latest.id is null then 0 else latest.revision + 1 end, due, new.starts_at, new.ends_at)
    returning id into notice;
  end if;
  if due <= now() then
    perform private.guest_notify_request(notice);
  end if;
  -- Later notices are sent by the minute's job (nuzl-guest-notices) once due.
  return null;
end;
$$;
comment on function private.booking_lock_codes_door_code_notice() is
  'AFTER UPDATE trigger on booking_lock_codes: when a stay''s code becomes active (or active with a new period), files the door_code guest notice due 24 hours before check-in (or at once); withdraws unsent ones when the code is no longer wanted.';
revoke all on function private.booking_lock_codes_door_code_notice() from public;

create trigger booking_lock_codes_door_code_notice
  after update of state, wanted, starts_at, ends_at on public.booking_lock_codes
  for each row execute function private.booking_lock_codes_door_code_notice();
comment on trigger booking_lock_codes_door_code_notice on public.booking_lock_codes is
  'Sends the stay''s door code to its guest about a day before check-in (guest-notify edge function).';

-- As in 20261127100000, and: a door_code notice is leased only once due and still wanted (else it
-- is withdrawn with the reason), and every claim carries the stay's active door code.
create or replace function public.guest_notice_claim(notice_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  n public.guest_notices;
  b public.bookings;
  code public.booking_lock_codes;
  refusal text;
  written jsonb;
begin
  update public.guest_notices g
     set attempts = g.attempts + 1, locked_until = now() + interval '2 minutes'
   where g.id = guest_notice_claim.notice_id and g.sent_at is null and g.failed_at is null and g.attempts < 6
     and (g.locked_until is null or g.locked_until < now())
     and (g.kind <> 'door_code' or g.next_attempt_at <= now())
  returning g.* into n;
  if n.id is null then
    return null;
  end if;
  select * into b from public.bookings bk where bk.id = n.booking_id;
  select * into code from public.booking_lock_codes c
   where c.booking_id = n.booking_id and c.state = 'active' and c.wanted = 'present';
  if n.kind = 'door_code' then
    refusal := case when code.id is null then 'The stay has no active door code'
                    else private.door_code_notice_refusal(code) end;
    if refusal is not null then
      update public.guest_notices g
         set failed_at = now(), locked_until = null, last_error = 'Withdrawn: ' || refusal
       where g.id = n.id;
      return null;
    end if;
    -- The period told is the code's current one (the trigger keeps the two in step).
    update public.guest_notices g set period_starts_at = code.starts_at, period_ends_at = code.ends_at
     where g.id = n.id;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'channel', m.channel, 'to_address', m.to_address, 'subject', m.subject,
           'body', m.body, 'status', m.status) order by m.channel), '[]'::jsonb)
    into written
    from public.messages m where m.notice_id = n.id;
  return jsonb_build_object(
    'id', n.id,
    'kind', n.kind,
    'attempts', n.attempts,
    'messages', written,
    'review_token', (select t.token from private.guest_notice_tokens t where t.notice_id = n.id),
    'door_code', case when code.id is not null then jsonb_build_object(
                   'code', code.code, 'starts_at', code.starts_at, 'ends_at', code.ends_at) end,
    'booking', jsonb_build_object(
      'id', b.id, 'organization_id', b.organization_id, 'reference', b.booking_reference, 'status', b.status, 'source', b.source,
      'check_in', b.check_in, 'check_out', b.check_out, 'nights', b.nights,
      'guests_count', b.guests_count, 'request_expires_at', b.request_expires_at,
      'cancellation_reason', b.cancellation_reason),
    'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'language', c.preferred_language)
                 from public.clients c where c.id = b.client_id),
    'unit', (select jsonb_build_object('id', u.id, 'name', u.name, 'name_ar', u.name_ar,
                                       'check_in_time', to_char(u.check_in_time, 'HH24:MI'),
                                       'check_out_time', to_char(u.check_out_time, 'HH24:MI'),
                                       'city', u.address_city)
               from public.units u where u.id = b.unit_id),
    'organization', (select jsonb_build_object('name', o.name, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = b.organization_id),
    'site', (select jsonb_build_object('name', s.name, 'name_ar', s.name_ar, 'slug', s.slug,
                                       'enabled', s.enabled, 'phone', s.phone, 'email', s.contact_email)
               from public.public_sites s where s.organization_id = b.organization_id));
end;
$$;
comment on function public.guest_notice_claim(uuid) is
  'Service role (guest-notify): leases a due guest notice and returns what its messages need (booking, unit, site, guest, review token, the stay''s active door code, messages already written); null when not due; a door_code notice no longer wanted is withdrawn.';
