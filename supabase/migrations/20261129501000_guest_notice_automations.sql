-- Automatic guest messages (issue 16): new guest notice kinds, filed by events and by a schedule,
-- each subject to the organisation's switches (message_automations), the guest's opt-out and
-- quiet hours; the claim gives guest-notify the organisation's own text and the WhatsApp state.
--
--   * Event kinds, filed by triggers: booking_confirmed (a direct booking — not a public request,
--     not imported from a channel — created confirmed or confirmed later) and invoice_issued (an
--     invoice, not a note, is issued to a client). The trigger only notes the event
--     (private.guest_notice_events); the schedule below files the notice once the event is 5
--     minutes old, so a booking or invoice entered by mistake and corrected at once does not
--     reach the guest (the claim checks it still stands); quiet hours do not hold them (the guest
--     just acted).
--   * Scheduled kinds, filed by private.file_scheduled_guest_notices() (cron
--     nuzl-guest-message-schedule, every 5 minutes): pre_arrival N days before check-in at 10:00
--     (organisation time; filed late when the booking came later, until check-in day),
--     check_in_day at 09:00 on check-in day, check_out_day at 08:00 on check-out day (until
--     check-out time), invoice_overdue at 09:00 N days after an unpaid invoice's due date (within a
--     week of that day). Filed inside quiet hours, they are due when quiet hours end.
--   * Disabled kinds and opted-out guests file nothing; a notice filed before is withdrawn at
--     its claim (failed_at with the reason), as is one whose stay or invoice no longer calls for it.
--   * Door code and pre_arrival: pre_arrival carries the stay's door code (the claim's door_code
--     and {{door_code}}). While a pre_arrival notice is waiting, the door_code notice is not filed
--     (and a waiting one is withdrawn when pre_arrival goes out); a code that becomes active or
--     moves after pre_arrival was sent is told by its own door_code notice as before.
--   * guest_notices gains invoice_id: an invoice notice names its invoice (and no booking); one
--     notice per invoice and kind, as one per booking and kind for the others.
--   * guest_notice_claim also returns `invoice` ({id, number, total, due_date, link: null — the
--     app has no page a guest opens an invoice on}), `template` (the organisation's active
--     template for the kind rendered in the guest's language — {template_id, subject, body,
--     whatsapp_template} — when the organisation changed it from the default or gave it an
--     approved WhatsApp template; null keeps guest-notify's own, richer wording) and `whatsapp`
--     ({connected, window_open} for the guest's phone).

alter table public.guest_notices alter column booking_id drop not null;
alter table public.guest_notices add column invoice_id uuid;
alter table public.guest_notices
  add constraint guest_notices_invoice_fkey foreign key (organization_id, invoice_id)
    references public.invoices (organization_id, id) on delete cascade,
  add constraint guest_notices_subject_check check ((booking_id is null) <> (invoice_id is null)),
  add constraint guest_notices_invoice_kind_key unique (invoice_id, kind);
comment on column public.guest_notices.invoice_id is 'invoice_issued / invoice_overdue: the invoice the notice is about (booking_id is then null).';
create index guest_notices_org_invoice_idx on public.guest_notices (organization_id, invoice_id) where invoice_id is not null;

-- Events waiting for their notice (booking_confirmed, invoice_issued): noted by the triggers,
-- filed by the schedule once due (5 minutes later). Private: no API role reads it.
create table private.guest_notice_events (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  booking_id uuid,
  invoice_id uuid,
  kind public.guest_notice_kind not null,
  client_id uuid,
  due_at timestamptz not null,
  constraint guest_notice_events_subject_check check ((booking_id is null) <> (invoice_id is null))
);
comment on table private.guest_notice_events is
  'Event notices (booking_confirmed, invoice_issued) waiting 5 minutes before the schedule files them as guest notices.';
create index guest_notice_events_due_idx on private.guest_notice_events (due_at);
create index guest_notice_events_org_idx on private.guest_notice_events (organization_id);
revoke all on table private.guest_notice_events from public, anon, authenticated;

-- Does the organisation send this kind of automatic message to this guest? (Switch on, guest
-- not opted out; a kind without a switch row counts as on.)
create function private.guest_notice_wanted(org uuid, notice_kind public.guest_notice_kind, client uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select a.enabled from public.message_automations a where a.organization_id = org and a.kind = notice_kind), true)
     and not coalesce((select c.messages_opt_out from public.clients c where c.id = client), false)
$$;
comment on function private.guest_notice_wanted(uuid, public.guest_notice_kind, uuid) is
  'Whether an automatic message of this kind goes to this guest: the organisation''s switch is on and the guest did not opt out.';
revoke all on function private.guest_notice_wanted(uuid, public.guest_notice_kind, uuid) from public;
grant execute on function private.guest_notice_wanted(uuid, public.guest_notice_kind, uuid) to service_role;

-- The moment `due` moved out of the organisation's quiet hours (to their end, in its time zone).
create function private.after_quiet_hours(org uuid, due timestamptz)
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.messaging_settings;
  tz text;
  local timestamp;
  t time;
begin
  select * into s from public.messaging_settings m where m.organization_id = org;
  if s.organization_id is null or not s.quiet_hours_enabled or s.quiet_hours_start = s.quiet_hours_end then
    return due;
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = org;
  local := due at time zone tz;
  t := local::time;
  if s.quiet_hours_start < s.quiet_hours_end then
    if t >= s.quiet_hours_start and t < s.quiet_hours_end then
      return (local::date + s.quiet_hours_end) at time zone tz;
    end if;
  elsif t >= s.quiet_hours_start then
    return (local::date + 1 + s.quiet_hours_end) at time zone tz;
  elsif t < s.quiet_hours_end then
    return (local::date + s.quiet_hours_end) at time zone tz;
  end if;
  return due;
end;
$$;
comment on function private.after_quiet_hours(uuid, timestamptz) is
  'A due moment moved to the end of the organisation''s quiet hours when it falls inside them (organisation time zone).';
revoke all on function private.after_quiet_hours(uuid, timestamptz) from public;

-- As in 20261129300200, and: nothing when the organisation turned the kind off or the guest opted out.
create or replace function private.file_guest_notice(stay public.bookings, notice_kind public.guest_notice_kind, token text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  notice uuid;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on'
     or not private.guest_notice_wanted(stay.organization_id, notice_kind, stay.client_id) then
    return null;
  end if;
  insert into public.guest_notices (organization_id, booking_id, kind)
  values (stay.organization_id, stay.id, notice_kind)
  on conflict do nothing
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

-- As in 20261129300200, and: not while the organisation's door_code messages are off or the guest
-- opted out, nor while a pre_arrival notice of the stay is waiting (it carries the code).
create or replace function private.door_code_notice_refusal(code public.booking_lock_codes)
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
    when c.messages_opt_out then 'The guest opted out of messages'
    when not private.guest_notice_wanted(b.organization_id, 'door_code', c.id) then 'Door code messages are turned off'
    when exists (select 1 from public.guest_notices g where g.booking_id = b.id and g.kind = 'pre_arrival'
                   and g.sent_at is null and g.failed_at is null)
      then 'The pre-arrival message carries the door code'
  end
  from public.bookings b
  join public.organizations o on o.id = b.organization_id
  join public.clients c on c.id = b.client_id
  where b.id = code.booking_id
$$;

-- Notes an event for the schedule (5 minutes from now), unless the kind is off, the guest opted
-- out, or the seed is running.
create function private.note_guest_notice_event(org uuid, stay uuid, invoice uuid, notice_kind public.guest_notice_kind, client uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' or not private.guest_notice_wanted(org, notice_kind, client) then
    return;
  end if;
  insert into private.guest_notice_events (organization_id, booking_id, invoice_id, kind, client_id, due_at)
  values (org, stay, invoice, notice_kind, client, now() + interval '5 minutes');
end;
$$;
comment on function private.note_guest_notice_event(uuid, uuid, uuid, public.guest_notice_kind, uuid) is
  'Notes a booking_confirmed / invoice_issued event; the schedule files its guest notice 5 minutes later.';
revoke all on function private.note_guest_notice_event(uuid, uuid, uuid, public.guest_notice_kind, uuid) from public;

-- Event: a direct booking confirmed (created confirmed, or pending → confirmed), not a public
-- request (those have request_confirmed) nor a channel's import.
create function private.bookings_booking_confirmed_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'confirmed' and new.source = 'direct' and new.request_expires_at is null
     and (tg_op = 'INSERT' or old.status = 'pending') then
    perform private.note_guest_notice_event(new.organization_id, new.id, null, 'booking_confirmed', new.client_id);
  end if;
  return null;
end;
$$;
comment on function private.bookings_booking_confirmed_notice() is
  'AFTER INSERT / UPDATE OF status trigger on bookings: notes the booking_confirmed event of a direct, confirmed booking (its notice is filed 5 minutes later if it still stands).';
revoke all on function private.bookings_booking_confirmed_notice() from public;

create trigger bookings_booking_confirmed_notice after insert or update of status on public.bookings
  for each row execute function private.bookings_booking_confirmed_notice();
comment on trigger bookings_booking_confirmed_notice on public.bookings is
  'Tells the guest their direct booking is confirmed (issue 16, automatic messages).';

-- Event: an invoice (not a credit or debit note) issued to a client.
create function private.invoices_issued_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.issued_at is not null and new.status not in ('draft', 'cancelled') and new.invoice_type_code = '388'
     and new.client_id is not null and (tg_op = 'INSERT' or old.issued_at is null) then
    perform private.note_guest_notice_event(new.organization_id, null, new.id, 'invoice_issued', new.client_id);
  end if;
  return null;
end;
$$;
comment on function private.invoices_issued_notice() is
  'AFTER INSERT / UPDATE trigger on invoices: notes the invoice_issued event when an invoice is issued to a client (its notice is filed 5 minutes later if it still stands).';
revoke all on function private.invoices_issued_notice() from public;

-- Not `update of issued_at`: the BEFORE trigger sets issued_at (as invoices_einvoicing_queue).
create trigger invoices_issued_notice after insert or update on public.invoices
  for each row execute function private.invoices_issued_notice();
comment on trigger invoices_issued_notice on public.invoices is
  'Sends the guest their invoice when it is issued (issue 16, automatic messages).';

-- Schedule: files the noted events and the scheduled kinds due by `at` (default now; tests pass a
-- fixed clock) and asks guest-notify for those due already. Returns how many notices it filed.
create function private.file_scheduled_guest_notices(at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  filed integer := 0;
  n integer;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return 0;
  end if;
  -- The stays and invoices of live organisations with the kind on, for guests who did not opt
  -- out and are not a channel's placeholder.
  with org_now as (
    select o.id, o.default_timezone::text as tz, (at at time zone o.default_timezone::text) as local
      from public.organizations o where o.suspended_at is null
  ),
  events as (
    delete from private.guest_notice_events e where e.due_at <= at
    returning e.organization_id, e.booking_id, e.invoice_id, e.kind, e.due_at
  ),
  candidates as (
    -- booking_confirmed / invoice_issued, noted 5 minutes ago or more (quiet hours do not apply).
    select e.organization_id as org, e.booking_id as stay, e.invoice_id as invoice, e.kind, e.due_at as due, false as quiet
      from events e
      join org_now n on n.id = e.organization_id
    union all
    -- pre_arrival: N days before check-in at 10:00, until check-in day.
    select b.organization_id, b.id, null::uuid, 'pre_arrival'::public.guest_notice_kind,
           ((b.check_in - coalesce(a.days, 2)) + time '10:00') at time zone n.tz, true
      from org_now n
      join public.message_automations a on a.organization_id = n.id and a.kind = 'pre_arrival' and a.enabled
      join public.bookings b on b.organization_id = n.id and b.status = 'confirmed'
       and b.check_in between n.local::date and n.local::date + 15
      join public.clients c on c.id = b.client_id
     where not c.messages_opt_out and c.phone <> '0000000000' and coalesce(c.passport_number, '') not like 'OTA-%'
       and ((b.check_in - coalesce(a.days, 2)) + time '10:00') at time zone n.tz <= at
    union all
    -- check_in_day: 09:00 on check-in day.
    select b.organization_id, b.id, null, 'check_in_day', (b.check_in + time '09:00') at time zone n.tz, true
      from org_now n
      join public.message_automations a on a.organization_id = n.id and a.kind = 'check_in_day' and a.enabled
      join public.bookings b on b.organization_id = n.id and b.status in ('confirmed', 'checked_in') and b.check_in = n.local::date
      join public.clients c on c.id = b.client_id
     where not c.messages_opt_out and c.phone <> '0000000000' and coalesce(c.passport_number, '') not like 'OTA-%'
       and n.local::time >= time '09:00'
    union all
    -- check_out_day: 08:00 on check-out day, until check-out time.
    select b.organization_id, b.id, null, 'check_out_day', (b.check_out + time '08:00') at time zone n.tz, true
      from org_now n
      join public.message_automations a on a.organization_id = n.id and a.kind = 'check_out_day' and a.enabled
      join public.bookings b on b.organization_id = n.id and b.status in ('confirmed', 'checked_in') and b.check_out = n.local::date
      join public.units u on u.id = b.unit_id
      join public.clients c on c.id = b.client_id
     where not c.messages_opt_out and c.phone <> '0000000000' and coalesce(c.passport_number, '') not like 'OTA-%'
       and n.local::time >= time '08:00' and n.local::time < coalesce(u.check_out_time, time '12:00')
    union all
    -- invoice_overdue: 09:00, N days after the due date of an unpaid invoice (within a week).
    select i.organization_id, null, i.id, 'invoice_overdue', ((i.due_date + coalesce(a.days, 3)) + time '09:00') at time zone n.tz, true
      from org_now n
      join public.message_automations a on a.organization_id = n.id and a.kind = 'invoice_overdue' and a.enabled
      join public.invoices i on i.organization_id = n.id and i.status in ('pending', 'overdue') and i.balance_due > 0
       and i.invoice_type_code = '388' and i.issued_at is not null
       and i.due_date + coalesce(a.days, 3) between n.local::date - 7 and n.local::date
      join public.clients c on c.id = i.client_id
     where not c.messages_opt_out and c.phone <> '0000000000'
       and ((i.due_date + coalesce(a.days, 3)) + time '09:00') at time zone n.tz <= at
  ),
  inserted as (
    insert into public.guest_notices (organization_id, booking_id, invoice_id, kind, next_attempt_at)
    select k.org, k.stay, k.invoice, k.kind,
           case when k.quiet then private.after_quiet_hours(k.org, greatest(k.due, at)) else least(k.due, now()) end
      from candidates k
     where private.guest_notice_wanted(k.org, k.kind,
             coalesce((select b.client_id from public.bookings b where b.id = k.stay),
                      (select i.client_id from public.invoices i where i.id = k.invoice)))
    on conflict do nothing
    returning id, next_attempt_at
  )
  select count(*), count(*) filter (where next_attempt_at <= now()) into filed, n from inserted;
  -- A pre_arrival on its way: the stay's waiting door_code notice is left to it.
  if n > 0 then
    perform private.guest_notify_request(null);
  end if;
  return filed;
end;
$$;
comment on function private.file_scheduled_guest_notices(timestamptz) is
  'The schedule of automatic guest messages (cron nuzl-guest-message-schedule): files the noted booking_confirmed / invoice_issued events and the pre_arrival, check_in_day, check_out_day and invoice_overdue notices due by `at` (quiet hours respected for the scheduled ones; kinds off and opted-out guests skipped) and calls guest-notify for those due now.';
revoke all on function private.file_scheduled_guest_notices(timestamptz) from public;

select cron.schedule('nuzl-guest-message-schedule', '*/5 * * * *', $$select private.file_scheduled_guest_notices()$$);

-- Why a notice filed earlier should not go out now (its switch, the guest, its stay or invoice
-- changed), or null.
create function private.guest_notice_refusal(n public.guest_notices, b public.bookings, inv public.invoices, c public.clients)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when c.id is not null and c.messages_opt_out then 'The guest opted out of messages'
    when not coalesce((select a.enabled from public.message_automations a
                        where a.organization_id = n.organization_id and a.kind = n.kind), true)
      then 'This automatic message is turned off'
    when n.kind in ('booking_confirmed', 'pre_arrival', 'check_in_day') and b.status is distinct from 'confirmed'
         and not (n.kind = 'check_in_day' and b.status = 'checked_in')
      then 'The stay is no longer confirmed'
    when n.kind = 'check_out_day' and b.status not in ('confirmed', 'checked_in') then 'The stay is no longer current'
    when n.kind = 'invoice_issued' and (inv.id is null or inv.status in ('draft', 'cancelled')) then 'The invoice was cancelled'
    when n.kind = 'invoice_overdue' and (inv.id is null or inv.status not in ('pending', 'overdue') or inv.balance_due <= 0)
      then 'The invoice is paid'
  end
$$;
comment on function private.guest_notice_refusal(public.guest_notices, public.bookings, public.invoices, public.clients) is
  'Why a guest notice is withdrawn at its claim (guest opted out, kind turned off, stay no longer confirmed, invoice cancelled or paid), or null.';
revoke all on function private.guest_notice_refusal(public.guest_notices, public.bookings, public.invoices, public.clients) from public;
grant execute on function private.guest_notice_refusal(public.guest_notices, public.bookings, public.invoices, public.clients) to service_role;

-- The organisation's text for a kind, when it is not the default (or has an approved WhatsApp template).
create function private.custom_notice_template(org uuid, notice_kind public.guest_notice_kind)
returns public.message_templates
language sql
stable
security definer
set search_path = ''
as $$
  select t.* from public.message_templates t
   where t.organization_id = org and t.kind = notice_kind and t.active
     and (t.whatsapp_template_name is not null or not exists (
           select 1 from private.message_template_defaults() d
            where d.kind = t.kind and d.body_en = t.body_en and d.body_ar = t.body_ar
              and d.subject_en is not distinct from t.subject_en and d.subject_ar is not distinct from t.subject_ar))
$$;
comment on function private.custom_notice_template(uuid, public.guest_notice_kind) is
  'The organisation''s active template for an automatic kind when changed from the default or given an approved WhatsApp template; otherwise no row (guest-notify''s own wording).';
revoke all on function private.custom_notice_template(uuid, public.guest_notice_kind) from public;
grant execute on function private.custom_notice_template(uuid, public.guest_notice_kind) to service_role;

-- As in 20261129300200, and: invoice notices; scheduled and delayed kinds only once due; a notice
-- the organisation, the guest, the stay or the invoice no longer wants is withdrawn; a pre_arrival
-- takes over the stay's waiting door_code notice; the answer gains invoice, template and whatsapp.
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
  inv public.invoices;
  c public.clients;
  code public.booking_lock_codes;
  t public.message_templates;
  refusal text;
  written jsonb;
  token text;
  lang text;
begin
  update public.guest_notices g
     set attempts = g.attempts + 1, locked_until = now() + interval '2 minutes'
   where g.id = guest_notice_claim.notice_id and g.sent_at is null and g.failed_at is null and g.attempts < 6
     and (g.locked_until is null or g.locked_until < now())
     and (g.kind in ('request_received', 'request_confirmed', 'request_declined', 'request_expired', 'review_link')
          or g.next_attempt_at <= now())
  returning g.* into n;
  if n.id is null then
    return null;
  end if;
  if n.invoice_id is not null then
    select * into inv from public.invoices i where i.id = n.invoice_id;
  end if;
  select * into b from public.bookings bk where bk.id = coalesce(n.booking_id, inv.booking_id);
  select * into c from public.clients cl where cl.id = coalesce(b.client_id, inv.client_id);
  if n.invoice_id is not null then
    select * into c from public.clients cl where cl.id = coalesce(inv.client_id, b.client_id);
  end if;
  select * into code from public.booking_lock_codes lc
   where lc.booking_id = b.id and lc.state = 'active' and lc.wanted = 'present';
  refusal := private.guest_notice_refusal(n, b, inv, c);
  if refusal is null and n.kind = 'door_code' then
    refusal := case when code.id is null then 'The stay has no active door code'
                    else private.door_code_notice_refusal(code) end;
  end if;
  if refusal is not null then
    update public.guest_notices g
       set failed_at = now(), locked_until = null, last_error = 'Withdrawn: ' || refusal
     where g.id = n.id;
    return null;
  end if;
  if n.kind = 'door_code' then
    -- The period told is the code's current one (the trigger keeps the two in step).
    update public.guest_notices g set period_starts_at = code.starts_at, period_ends_at = code.ends_at
     where g.id = n.id;
  elsif n.kind = 'pre_arrival' and code.id is not null then
    -- The pre-arrival message carries the code: the stay's waiting door_code notice is not needed.
    update public.guest_notices g
       set failed_at = now(), locked_until = null, last_error = 'Withdrawn: sent with the pre-arrival message'
     where g.booking_id = b.id and g.kind = 'door_code' and g.sent_at is null and g.failed_at is null;
    update public.guest_notices g set period_starts_at = code.starts_at, period_ends_at = code.ends_at
     where g.id = n.id;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'channel', m.channel, 'to_address', m.to_address, 'subject', m.subject,
           'body', m.body, 'status', m.status, 'whatsapp_template', m.whatsapp_template) order by m.channel), '[]'::jsonb)
    into written
    from public.messages m where m.notice_id = n.id;
  select tk.token into token from private.guest_notice_tokens tk where tk.notice_id = n.id;
  lang := case when c.preferred_language::text = 'en' then 'en' else 'ar' end;
  t := private.custom_notice_template(n.organization_id, n.kind);
  return jsonb_build_object(
    'id', n.id,
    'kind', n.kind,
    'attempts', n.attempts,
    'messages', written,
    'review_token', token,
    'door_code', case when code.id is not null then jsonb_build_object(
                   'code', code.code, 'starts_at', code.starts_at, 'ends_at', code.ends_at) end,
    'booking', case when b.id is not null then jsonb_build_object(
      'id', b.id, 'organization_id', b.organization_id, 'reference', b.booking_reference, 'status', b.status, 'source', b.source,
      'check_in', b.check_in, 'check_out', b.check_out, 'nights', b.nights,
      'guests_count', b.guests_count, 'request_expires_at', b.request_expires_at,
      'cancellation_reason', b.cancellation_reason, 'total', b.total_amount) end,
    'invoice', case when inv.id is not null then jsonb_build_object(
      'id', inv.id, 'number', inv.invoice_number, 'total', inv.total_amount, 'balance_due', inv.balance_due,
      'currency', coalesce(inv.currency::text, 'SAR'), 'due_date', inv.due_date, 'link', null) end,
    'client', case when c.id is not null then jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'language', c.preferred_language, 'opted_out', c.messages_opt_out) end,
    'unit', (select jsonb_build_object('id', u.id, 'name', u.name, 'name_ar', u.name_ar,
                                       'check_in_time', to_char(u.check_in_time, 'HH24:MI'),
                                       'check_out_time', to_char(u.check_out_time, 'HH24:MI'),
                                       'city', u.address_city,
                                       'address', nullif(concat_ws(', ', nullif(btrim(u.address_street), ''),
                                                    nullif(btrim(u.address_city), ''), nullif(btrim(u.address_region), '')), ''),
                                       'latitude', u.latitude, 'longitude', u.longitude,
                                       'wifi_name', u.wifi_name, 'wifi_password', u.wifi_password)
               from public.units u where u.id = b.unit_id),
    'organization', (select jsonb_build_object('name', o.name, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = n.organization_id),
    'site', (select jsonb_build_object('name', s.name, 'name_ar', s.name_ar, 'slug', s.slug,
                                       'enabled', s.enabled, 'phone', s.phone, 'email', s.contact_email)
               from public.public_sites s where s.organization_id = n.organization_id),
    'template', case when t.id is not null then private.render_template(t, lang,
                  private.message_values(b.id, lang, true, inv.id, token, c.id, n.organization_id)) end,
    'whatsapp', jsonb_build_object(
      'connected', private.whatsapp_connected(n.organization_id),
      'window_open', c.id is not null and private.whatsapp_window_closes_at(n.organization_id, c.id) is not null));
end;
$$;
comment on function public.guest_notice_claim(uuid) is
  'Service role (guest-notify): leases a due guest notice and returns what its messages need (booking or invoice, unit, site, guest, review token, the stay''s active door code, messages already written, the organisation''s custom template rendered for the guest, WhatsApp connected / window open); null when not due; a notice no longer wanted is withdrawn with the reason.';

-- guest-notify (service role) reads these through the claim.
grant execute on function private.message_values(uuid, text, boolean, uuid, text, uuid, uuid) to service_role;
grant execute on function private.whatsapp_connected(uuid) to service_role;
grant execute on function private.whatsapp_window_closes_at(uuid, uuid, text) to service_role;
grant execute on function private.message_site_url() to service_role;
