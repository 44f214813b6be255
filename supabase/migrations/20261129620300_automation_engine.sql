-- Automation rules (issue 17), part 3: the engine.
--
--   * Events. Triggers on bookings (created; status → confirmed / cancelled / checked_in /
--     checked_out), invoices (issued = a tax invoice leaves draft; status → overdue), payments
--     (received, not refunds) and tasks (→ completed) call private.run_automations(org, trigger,
--     event_key, subject). event_key is '<trigger>:<subject id>': a booking checked out twice, or
--     a trigger fired again, is one event. A booking created confirmed is also booking_confirmed;
--     a booking created already checked out (an import, history) is no check-out.
--   * For each active rule of the trigger whose conditions match (unit_ids, sources), the run is
--     inserted first (on conflict do nothing: once per rule and event), the action runs in a
--     sub-block (any error → the run is 'failed' with the message, and the change that fired it
--     still commits), then the outcome is logged: 'succeeded', or 'skipped' with the reason when
--     there was nothing to do (the stay already has its invoice or cleaning task).
--   * Actions: create_task (from the rule's task template, see 20261129620100), send_whatsapp /
--     send_sms / send_email (the rule's message template to the event's guest, through the checks
--     of issue 16's send_message: opt-out, address, WhatsApp window… — a refusal is a failed run),
--     create_invoice (the booking's draft invoice, public.invoice_from_booking), notify_team (an
--     in-app notification, event 'automation', to the chosen member or the active members of the
--     chosen role, except those who muted it).
--   * While the seed runs (nuzl.seeding = on) only create_task rules run: the demo data needs
--     the cleaning tasks its check-outs would make; nothing is sent or notified.
--   * The check-out cleaning task is now the default rule "Cleaning after check-out"
--     (20261129620200): the old trigger bookings_cleaning_task goes. The task it makes is the
--     same (origin 'checkout', title and description in both languages, due before the next
--     check-in, high priority when the next guest arrives that day, the best cleaning vendor);
--     switching the rule off means no cleaning task.

-- send_message()'s work without its permission check (20261129500600, unchanged otherwise): the
-- organisation and the sender are given, so an automation sends as its organisation. Only
-- SECURITY DEFINER code calls it.
create function private.queue_guest_message(
  org uuid,
  sender uuid,
  client_id uuid,
  channel public.message_channel,
  body text default null,
  booking_id uuid default null,
  template_id uuid default null,
  subject text default null,
  idempotency_key uuid default null
)
returns public.messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  guest public.clients;
  t public.message_templates;
  existing public.messages;
  saved public.messages;
  lang text;
  vals jsonb;
  rendered jsonb;
  address text;
  window_open boolean := false;
  text_body text := nullif(btrim(coalesce(body, '')), '');
  text_subject text := nullif(btrim(coalesce(subject, '')), '');
  wa_template jsonb;
  unknown text[];
begin
  if org is null or client_id is null or channel is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  -- The same key again is the same message: nothing is sent twice.
  if idempotency_key is not null then
    select * into existing from public.messages m where m.organization_id = org and m.idempotency_key = idempotency_key;
    if existing.id is not null then
      return existing;
    end if;
  end if;
  select * into guest from public.clients c where c.id = client_id and c.organization_id = org;
  if guest.id is null then
    perform private.fail('Client not found', 'client_not_found', 'PT404');
  end if;
  if booking_id is not null and not exists (
       select 1 from public.bookings b where b.id = booking_id and b.organization_id = org) then
    perform private.fail('Booking not found', 'booking_not_found', 'PT404');
  end if;
  if template_id is not null then
    select * into t from public.message_templates m where m.id = template_id and m.organization_id = org;
    if t.id is null then
      perform private.fail('Template not found', 'template_not_found', 'PT404');
    end if;
  end if;
  if guest.messages_opt_out then
    perform private.fail('This guest asked not to receive messages', 'client_opted_out', 'PT409');
  end if;
  if channel = 'email' then
    address := nullif(btrim(coalesce(guest.email, '')), '');
    if address is null then
      perform private.fail('This guest has no e-mail address', 'client_no_email', 'PT400');
    end if;
  else
    address := private.e164(guest.phone);
    if address is null then
      perform private.fail('The guest''s phone number is not valid', 'invalid_phone', 'PT400');
    end if;
  end if;
  if channel = 'whatsapp' then
    if not private.whatsapp_connected(org) then
      perform private.fail('WhatsApp is not connected', 'whatsapp_not_connected', 'PT409');
    end if;
    window_open := private.whatsapp_window_closes_at(org, guest.id) is not null;
  end if;

  -- Without a booking named, the guest's current or next stay (else the latest) fills the variables.
  booking_id := coalesce(booking_id, private.client_stay(org, guest.id));
  lang := coalesce(guest.preferred_language::text, 'ar');
  vals := private.message_values(booking_id, lang, true, guest => guest.id, org => org);
  if t.id is not null then
    rendered := private.render_template(t, lang, vals);
    wa_template := rendered -> 'whatsapp_template';
    -- Staff may edit the rendered text before sending, except where only the approved template may go.
    if text_body is null or (channel = 'whatsapp' and not window_open) then
      text_body := rendered ->> 'body';
    end if;
    text_subject := coalesce(text_subject, nullif(rendered ->> 'subject', ''));
  end if;
  if channel = 'whatsapp' and not window_open and wa_template is null then
    perform private.fail('The guest has not written on WhatsApp in the last 24 hours: send an approved template',
      'whatsapp_window_closed', 'PT409');
  end if;
  if channel <> 'whatsapp' or window_open then
    wa_template := null; -- inside the window (or another channel) the text itself goes out
  end if;
  unknown := private.unknown_message_variables(concat_ws(' ', text_body, text_subject));
  if cardinality(unknown) > 0 then
    perform private.fail(format('Unknown template variable: {{%s}}', unknown[1]), 'template_unknown_variable', 'PT400');
  end if;
  text_body := nullif(btrim(coalesce(private.render_message(text_body, vals), '')), '');
  text_subject := left(private.render_message(text_subject, vals), 200);
  if text_body is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  if length(text_body) > private.message_max_length(channel) then
    perform private.fail('The message is too long', 'message_too_long', 'PT400');
  end if;

  perform set_config('nuzl.trusted_call', 'on', true);
  insert into public.messages (organization_id, client_id, booking_id, channel, direction, to_address, subject, body,
                               status, sent_by, template_id, whatsapp_template, idempotency_key, next_attempt_at)
  values (org, guest.id, booking_id, channel, 'outbound', address, case when channel = 'email' then text_subject end,
          text_body, 'queued', sender, t.id, wa_template, idempotency_key, now())
  on conflict do nothing -- (organization_id, idempotency_key): a concurrent call with the same key
  returning * into saved;
  perform set_config('nuzl.trusted_call', 'off', true);
  if saved.id is null then
    -- A concurrent call with the same key won: answer its row.
    select * into saved from public.messages m where m.organization_id = org and m.idempotency_key = idempotency_key;
    return saved;
  end if;
  perform private.messaging_send_request(saved.id);
  return saved;
end;
$$;
comment on function private.queue_guest_message(uuid, uuid, uuid, public.message_channel, text, uuid, uuid, text, uuid) is
  'send_message() for a given organisation and sender (null: an automation): the refusals of issue 16, the queued message and the messaging call. No permission check: callers check.';
revoke all on function private.queue_guest_message(uuid, uuid, uuid, public.message_channel, text, uuid, uuid, text, uuid) from public;

-- As in 20261129500600: the permission check, then the work above.
create or replace function public.send_message(
  client_id uuid,
  channel public.message_channel,
  body text default null,
  booking_id uuid default null,
  template_id uuid default null,
  subject text default null,
  idempotency_key uuid default null
)
returns public.messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
begin
  if org is null or not private.has_permission('messages.write') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_write_required', '42501');
  end if;
  return private.queue_guest_message(org, auth.uid(), client_id, channel, body, booking_id, template_id, subject, idempotency_key);
end;
$$;

-- {{variable}} → its value (missing values read as empty), the result trimmed to `max` characters.
create function private.render_task_text(body text, vals jsonb, max integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  k text;
  v text;
  out text := body;
begin
  if body is null then
    return null;
  end if;
  for k, v in select key, value from jsonb_each_text(vals) loop
    out := regexp_replace(out, '\{\{\s*' || k || '\s*\}\}', replace(coalesce(v, ''), '\', '\\'), 'g');
  end loop;
  out := regexp_replace(out, '\{\{[^}]*\}\}', '', 'g');
  return nullif(left(btrim(out), max), '');
end;
$$;
comment on function private.render_task_text(text, jsonb, integer) is 'A task template text with its {{variables}} filled, trimmed to max characters; null when empty.';

-- Whether a rule's conditions hold for an event's subject ({unit_id, source, …}).
create function private.automation_conditions_match(cond jsonb, subject jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select (jsonb_array_length(coalesce(cond -> 'unit_ids', '[]')) = 0
          or coalesce(cond -> 'unit_ids', '[]') ? coalesce(subject ->> 'unit_id', ''))
     and (jsonb_array_length(coalesce(cond -> 'sources', '[]')) = 0
          or coalesce(cond -> 'sources', '[]') ? coalesce(subject ->> 'source', ''))
$$;
comment on function private.automation_conditions_match(jsonb, jsonb) is
  'A rule''s conditions (unit_ids, sources: empty = any) against the event''s unit and booking source.';

-- create_task: the template's task for the event. Returns the task, or null when the stay
-- already has its check-out cleaning task.
create function private.automation_create_task(rule public.automation_rules, subject jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tpl public.task_templates;
  bk public.bookings;
  u public.units;
  guest text;
  tz text;
  today date;
  next_check_in date;
  due timestamptz;
  prio public.task_priority;
  vendor uuid;
  assignee uuid;
  vals_en jsonb;
  vals_ar jsonb;
  task_origin text;
  created uuid;
begin
  select * into tpl from public.task_templates t
   where t.id = private.jsonb_uuid(rule.action_config, 'task_template_id') and t.organization_id = rule.organization_id;
  if tpl.id is null then
    raise exception 'The rule''s task template no longer exists';
  end if;
  select * into bk from public.bookings b where b.id = private.jsonb_uuid(subject, 'booking_id');
  select * into u from public.units x
   where x.id = coalesce(bk.unit_id, private.jsonb_uuid(subject, 'unit_id')) and x.organization_id = rule.organization_id;
  select c.name into guest from public.clients c where c.id = bk.client_id;
  select o.default_timezone::text into tz from public.organizations o where o.id = rule.organization_id;
  tz := coalesce(tz, 'Asia/Riyadh');
  today := (now() at time zone tz)::date;
  prio := tpl.priority;

  if tpl.due_rule = 'hours_after' then
    due := now() + make_interval(hours => tpl.due_hours);
  elsif u.id is null then
    due := now() + interval '1 day';
  else
    select min(b.check_in) into next_check_in from public.bookings b
     where b.unit_id = u.id and b.status <> 'cancelled' and b.id is distinct from bk.id
       and b.check_in >= least(coalesce(bk.check_out, today), today);
    if next_check_in is not null then
      due := (next_check_in + u.check_in_time) at time zone tz;
      if next_check_in <= today then
        prio := greatest(prio, 'high'::public.task_priority); -- the next guest arrives today
      end if;
    else
      due := (greatest(coalesce(bk.check_out, today), today) + 1 + u.check_in_time) at time zone tz;
    end if;
  end if;

  if tpl.assign_to = 'best_vendor' then
    select ov.vendor_id into vendor from public.organization_vendors ov join public.vendors v on v.id = ov.vendor_id
     where ov.organization_id = rule.organization_id and tpl.vendor_category = any (v.categories)
     order by v.verified desc, v.rating desc, ov.added_at limit 1;
  elsif tpl.assign_to = 'vendor' then
    vendor := tpl.vendor_id;
  elsif tpl.assign_to = 'staff' then
    select p.user_id into assignee from public.profiles p
     where p.organization_id = rule.organization_id and p.user_id = tpl.assignee_id and p.kind = 'staff' and p.status = 'active';
  end if;

  vals_en := jsonb_build_object('unit', u.name, 'guest', guest, 'booking', bk.booking_reference,
                                'check_in', bk.check_in::text, 'check_out', bk.check_out::text);
  vals_ar := vals_en || jsonb_build_object('unit', coalesce(nullif(btrim(u.name_ar), ''), u.name));
  -- The stay's cleaning after check-out keeps its place (one per booking, origin 'checkout').
  task_origin := case when rule.trigger = 'check_out' and tpl.type = 'cleaning' and bk.id is not null
                      then 'checkout' else 'automation' end;

  insert into public.tasks (organization_id, title, title_ar, description, description_ar, type, priority, status,
                            unit_id, booking_id, vendor_id, assignee_id, due_at, origin, created_by)
  values (rule.organization_id,
          coalesce(private.render_task_text(tpl.title, vals_en, 200), tpl.name),
          private.render_task_text(coalesce(tpl.title_ar, tpl.title), vals_ar, 200),
          private.render_task_text(tpl.description, vals_en, 2000),
          private.render_task_text(coalesce(tpl.description_ar, tpl.description), vals_ar, 2000),
          tpl.type, prio, 'pending', u.id, bk.id, vendor, assignee, due, task_origin, auth.uid())
  on conflict (booking_id) where origin = 'checkout' do nothing
  returning id into created;
  return created;
end;
$$;
comment on function private.automation_create_task(public.automation_rules, jsonb) is
  'create_task: the rule''s template filled for the event (variables, due rule, priority raised to high for a same-day arrival, assignment). Null when the stay already has its check-out cleaning task.';
revoke all on function private.automation_create_task(public.automation_rules, jsonb) from public;

-- send_*: the rule's message template to the event's guest, once (the run is the idempotency key).
create function private.automation_send(rule public.automation_rules, subject jsonb, run uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  client uuid := private.jsonb_uuid(subject, 'client_id');
  sent public.messages;
begin
  if client is null then
    raise exception 'This event has no guest to write to';
  end if;
  sent := private.queue_guest_message(
    rule.organization_id, null, client,
    case rule.action when 'send_whatsapp' then 'whatsapp' when 'send_sms' then 'sms' else 'email' end::public.message_channel,
    null, private.jsonb_uuid(subject, 'booking_id'), private.jsonb_uuid(rule.action_config, 'message_template_id'),
    null, run);
  return sent.id;
end;
$$;
comment on function private.automation_send(public.automation_rules, jsonb, uuid) is
  'send_whatsapp / send_sms / send_email: queues the rule''s message template to the event''s guest through the checks of send_message; a refusal raises.';
revoke all on function private.automation_send(public.automation_rules, jsonb, uuid) from public;

-- create_invoice: the booking's draft invoice; null when it already has one (not cancelled).
create function private.automation_create_invoice(rule public.automation_rules, subject jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  stay uuid := private.jsonb_uuid(subject, 'booking_id');
  inv public.invoices;
begin
  if stay is null then
    raise exception 'This event is not about a booking';
  end if;
  if exists (select 1 from public.invoices i where i.booking_id = stay and i.document_type = 'invoice' and i.status <> 'cancelled') then
    return null;
  end if;
  inv := public.invoice_from_booking(stay, null, false);
  return inv.id;
end;
$$;
comment on function private.automation_create_invoice(public.automation_rules, jsonb) is
  'create_invoice: the booking''s invoice as a draft (invoice_from_booking); null when the booking already has an invoice that is not cancelled.';
revoke all on function private.automation_create_invoice(public.automation_rules, jsonb) from public;

-- notify_team: an in-app notification (event 'automation') to the chosen member or the active
-- members of the chosen role, except those who muted automation notifications. Returns how many.
create function private.automation_notify(rule public.automation_rules, subject jsonb, run uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  bk record;
  params jsonb;
  link text;
  n integer;
begin
  select b.booking_reference, b.check_in, b.check_out, u.name as unit, u.name_ar as unit_ar, c.name as guest into bk
    from public.bookings b join public.units u on u.id = b.unit_id join public.clients c on c.id = b.client_id
   where b.id = private.jsonb_uuid(subject, 'booking_id');
  params := jsonb_strip_nulls(jsonb_build_object(
    'rule', rule.name, 'trigger', rule.trigger, 'booking_reference', bk.booking_reference, 'guest', bk.guest,
    'unit', bk.unit, 'unit_ar', bk.unit_ar, 'check_in', bk.check_in, 'check_out', bk.check_out,
    'invoice_number', (select i.invoice_number from public.invoices i where i.id = private.jsonb_uuid(subject, 'invoice_id')),
    'title', (select t.title from public.tasks t where t.id = private.jsonb_uuid(subject, 'task_id')),
    'title_ar', (select t.title_ar from public.tasks t where t.id = private.jsonb_uuid(subject, 'task_id'))));
  link := case
    when subject ? 'task_id' then '/dashboard/tasks?task=' || (subject ->> 'task_id')
    when subject ? 'invoice_id' then '/dashboard/payments/invoices/' || (subject ->> 'invoice_id')
    when subject ? 'booking_id' then '/dashboard/bookings?booking=' || (subject ->> 'booking_id')
  end;
  insert into public.notifications (organization_id, user_id, event, params, link, dedupe_key)
  select rule.organization_id, p.user_id, 'automation', params, link, 'automation:' || run
    from public.profiles p
   where p.organization_id = rule.organization_id and p.kind = 'staff' and p.status = 'active'
     and (p.user_id = private.jsonb_uuid(rule.action_config, 'user_id')
          or exists (select 1 from public.user_roles ur where ur.organization_id = rule.organization_id
                       and ur.user_id = p.user_id and ur.role_id = private.jsonb_uuid(rule.action_config, 'role_id')))
     and not exists (select 1 from public.notification_mutes m
                      where m.user_id = p.user_id and m.event = 'automation' and m.channel = 'in_app')
  on conflict do nothing;
  get diagnostics n = row_count;
  return n;
end;
$$;
comment on function private.automation_notify(public.automation_rules, jsonb, uuid) is
  'notify_team: files an in-app notification (event automation: the rule, the stay / invoice / task) for the chosen member or the active members of the chosen role.';
revoke all on function private.automation_notify(public.automation_rules, jsonb, uuid) from public;

-- The engine. subject: {booking_id, invoice_id, payment_id, task_id, unit_id, client_id, source}
-- (what the event has). Returns how many runs it logged.
create function private.run_automations(org uuid, event public.automation_trigger, event_key text, subject jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  seeding boolean := coalesce(current_setting('nuzl.seeding', true), '') = 'on';
  rule public.automation_rules;
  run uuid;
  made uuid;
  run_notified integer;
  run_outcome text;
  reason text;
  logged integer := 0;
begin
  if org is null then
    return 0;
  end if;
  for rule in
    select * from public.automation_rules r
     where r.organization_id = org and r.trigger = event and r.is_active
     order by r.created_at, r.id
  loop
    continue when not private.automation_conditions_match(rule.conditions, subject);
    continue when seeding and rule.action <> 'create_task';
    insert into public.automation_runs (organization_id, rule_id, event_key, trigger, action, outcome,
                                        booking_id, invoice_id, payment_id, task_id)
    values (org, rule.id, event_key, event, rule.action, 'skipped',
            private.jsonb_uuid(subject, 'booking_id'), private.jsonb_uuid(subject, 'invoice_id'),
            private.jsonb_uuid(subject, 'payment_id'), private.jsonb_uuid(subject, 'task_id'))
    on conflict on constraint automation_runs_once_per_event do nothing
    returning id into run;
    continue when run is null; -- this rule already ran for this event
    logged := logged + 1;
    made := null;
    run_notified := null;
    run_outcome := 'succeeded';
    reason := null;
    begin
      case rule.action
        when 'create_task' then
          made := private.automation_create_task(rule, subject);
          if made is null then
            run_outcome := 'skipped';
            reason := 'This stay already has its cleaning task';
          end if;
        when 'send_whatsapp', 'send_sms', 'send_email' then
          made := private.automation_send(rule, subject, run);
        when 'create_invoice' then
          made := private.automation_create_invoice(rule, subject);
          if made is null then
            run_outcome := 'skipped';
            reason := 'This booking already has an invoice';
          end if;
        when 'notify_team' then
          run_notified := private.automation_notify(rule, subject, run);
        else
          raise exception 'This action is not available';
      end case;
    exception when others then
      run_outcome := 'failed';
      get stacked diagnostics reason = message_text;
      made := null;
    end;
    update public.automation_runs ar
       set outcome = run_outcome, error = left(reason, 1000), notified = run_notified,
           created_task_id = case when rule.action = 'create_task' then made end,
           created_invoice_id = case when rule.action = 'create_invoice' then made end,
           created_message_id = case when rule.action in ('send_whatsapp', 'send_sms', 'send_email') then made end
     where ar.id = run;
    update public.automation_rules r set last_run_at = now() where r.id = rule.id;
  end loop;
  return logged;
end;
$$;
comment on function private.run_automations(uuid, public.automation_trigger, text, jsonb) is
  'Runs the organisation''s active rules of a trigger whose conditions match, once per rule and event_key; each action in its own sub-block (a failure is logged, never raised); logs every run. While seeding only create_task rules run.';
revoke all on function private.run_automations(uuid, public.automation_trigger, text, jsonb) from public;

-- Bookings: created (and confirmed when created so), status → confirmed / cancelled / checked_in / checked_out.
create function private.bookings_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject jsonb := jsonb_build_object('booking_id', new.id, 'unit_id', new.unit_id, 'client_id', new.client_id,
                                      'source', new.source);
  event public.automation_trigger;
begin
  if tg_op = 'INSERT' then
    perform private.run_automations(new.organization_id, 'booking_created', 'booking_created:' || new.id, subject);
    if new.status = 'confirmed' then
      perform private.run_automations(new.organization_id, 'booking_confirmed', 'booking_confirmed:' || new.id, subject);
    end if;
    return null;
  end if;
  if new.status is not distinct from old.status then
    return null;
  end if;
  event := case new.status when 'confirmed' then 'booking_confirmed' when 'cancelled' then 'booking_cancelled'
                           when 'checked_in' then 'check_in' when 'checked_out' then 'check_out' end;
  if event is not null then
    perform private.run_automations(new.organization_id, event, event || ':' || new.id, subject);
  end if;
  return null;
end;
$$;
comment on function private.bookings_automations() is
  'AFTER INSERT, and AFTER UPDATE changing status, on bookings: the automation events booking_created, booking_confirmed, booking_cancelled, check_in, check_out.';
revoke all on function private.bookings_automations() from public;

drop trigger bookings_cleaning_task on public.bookings;
drop function private.bookings_cleaning_task();

-- Every update whose status differs (not only `update of status`: a BEFORE trigger may derive it).
create trigger bookings_automations after insert on public.bookings
  for each row execute function private.bookings_automations();
create trigger bookings_automations_status after update on public.bookings
  for each row when (old.status is distinct from new.status) execute function private.bookings_automations();

-- Invoices: a tax invoice issued (leaves draft, or created issued); any invoice turning overdue.
create function private.invoices_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject jsonb;
begin
  select jsonb_strip_nulls(jsonb_build_object('invoice_id', new.id, 'booking_id', new.booking_id,
           'client_id', new.client_id, 'unit_id', b.unit_id, 'source', b.source))
    into subject
    from (select 1) one left join public.bookings b on b.id = new.booking_id;
  if new.document_type = 'invoice' and new.status not in ('draft', 'cancelled')
     and (tg_op = 'INSERT' or old.status = 'draft') then
    perform private.run_automations(new.organization_id, 'invoice_created', 'invoice_created:' || new.id, subject);
  end if;
  if new.status = 'overdue' and (tg_op = 'INSERT' or old.status is distinct from 'overdue') then
    perform private.run_automations(new.organization_id, 'invoice_overdue', 'invoice_overdue:' || new.id, subject);
  end if;
  return null;
end;
$$;
comment on function private.invoices_automations() is
  'AFTER INSERT, and AFTER UPDATE changing status, on invoices: the automation events invoice_created (a tax invoice issued) and invoice_overdue.';
revoke all on function private.invoices_automations() from public;
-- Status is derived by a BEFORE trigger (balance, due date): any update whose status differs.
create trigger invoices_automations after insert on public.invoices
  for each row execute function private.invoices_automations();
create trigger invoices_automations_status after update on public.invoices
  for each row when (old.status is distinct from new.status) execute function private.invoices_automations();

-- Payments received (refunds are not).
create function private.payments_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject jsonb;
begin
  if new.is_refund then
    return null;
  end if;
  select jsonb_strip_nulls(jsonb_build_object('payment_id', new.id, 'invoice_id', new.invoice_id, 'booking_id', i.booking_id,
           'client_id', i.client_id, 'unit_id', b.unit_id, 'source', b.source))
    into subject
    from public.invoices i left join public.bookings b on b.id = i.booking_id
   where i.id = new.invoice_id;
  perform private.run_automations(new.organization_id, 'payment_received', 'payment_received:' || new.id,
                                  coalesce(subject, jsonb_build_object('payment_id', new.id)));
  return null;
end;
$$;
comment on function private.payments_automations() is 'AFTER INSERT on payments: the automation event payment_received (not for refunds).';
revoke all on function private.payments_automations() from public;
create trigger payments_automations after insert on public.payments
  for each row execute function private.payments_automations();

-- Tasks completed.
create function private.tasks_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject jsonb;
begin
  if new.status <> 'completed' or old.status = 'completed' then
    return null;
  end if;
  select jsonb_strip_nulls(jsonb_build_object('task_id', new.id, 'unit_id', new.unit_id, 'booking_id', new.booking_id,
           'client_id', b.client_id, 'source', b.source))
    into subject
    from (select 1) one left join public.bookings b on b.id = new.booking_id;
  perform private.run_automations(new.organization_id, 'task_completed', 'task_completed:' || new.id, subject);
  return null;
end;
$$;
comment on function private.tasks_automations() is 'AFTER UPDATE changing status on tasks: the automation event task_completed.';
revoke all on function private.tasks_automations() from public;
create trigger tasks_automations after update on public.tasks
  for each row when (old.status is distinct from new.status) execute function private.tasks_automations();
