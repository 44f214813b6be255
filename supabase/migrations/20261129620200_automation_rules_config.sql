-- Automation rules (issue 17), part 2: what a rule's action and conditions may say, the run log,
-- and the default rule of every organisation.
--
-- action_config, per action (checked when a rule is written; refusals 400 with stable hints):
--   create_task                  {"task_template_id": uuid}  a template of the organisation  (automation_task_template_required)
--   send_whatsapp/sms/email      {"message_template_id": uuid}  an active message template of the
--                                organisation; the channel is the action's  (automation_message_template_required)
--   create_invoice               {}  only on a booking trigger (booking_created, booking_confirmed,
--                                check_in, check_out)  (automation_action_trigger_mismatch)
--   notify_team                  {"user_id": uuid} an active staff member, or {"role_id": uuid} a
--                                role of the organisation — exactly one  (automation_recipient_required)
--   generate_passcode            refused (automation_action_unsupported): a stay's door code is
--                                already issued by the lock settings of the unit (issue 15); a rule
--                                would only issue it twice.
-- conditions: {} or {"unit_ids": [uuid…], "sources": [booking_source…]}; an empty or absent list
-- means any (automation_conditions_invalid otherwise). A condition on units or sources matches
-- only events about a stay (or a task/invoice of a unit) that satisfies it.
--
-- automation_runs: one row per rule and event (unique (rule_id, event_key)): the engine inserts
-- it first, so a status changed twice or a trigger fired again runs the rule once.

-- A rule's action_config and conditions as the engine reads them, or a refusal.
create function private.automation_rules_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  cfg jsonb := coalesce(new.action_config, '{}'::jsonb);
  cond jsonb := coalesce(new.conditions, '{}'::jsonb);
  id_text text;
  ref uuid;
begin
  -- The seed writes its demo rules as it likes (the AU section of seed.sql makes them valid).
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return new;
  end if;
  -- last_run_at written by the engine is no change of configuration.
  if tg_op = 'UPDATE' and new.action = old.action and new.trigger = old.trigger
     and new.action_config = old.action_config and new.conditions = old.conditions then
    return new;
  end if;
  if jsonb_typeof(cfg) <> 'object' then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  if jsonb_typeof(cond) <> 'object'
     or exists (select 1 from jsonb_object_keys(cond) k where k not in ('unit_ids', 'sources'))
     or (cond ? 'unit_ids' and jsonb_typeof(cond -> 'unit_ids') <> 'array')
     or (cond ? 'sources' and jsonb_typeof(cond -> 'sources') <> 'array') then
    perform private.fail('Please check the rule''s conditions', 'automation_conditions_invalid', 'PT400');
  end if;
  for id_text in select jsonb_array_elements_text(coalesce(cond -> 'unit_ids', '[]')) loop
    if id_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or not exists (select 1 from public.units u where u.id = id_text::uuid and u.organization_id = new.organization_id) then
      perform private.fail('Please check the rule''s conditions', 'automation_conditions_invalid', 'PT400');
    end if;
  end loop;
  for id_text in select jsonb_array_elements_text(coalesce(cond -> 'sources', '[]')) loop
    if not id_text = any (enum_range(null::public.booking_source)::text[]) then
      perform private.fail('Please check the rule''s conditions', 'automation_conditions_invalid', 'PT400');
    end if;
  end loop;

  case new.action
    when 'create_task' then
      ref := private.jsonb_uuid(cfg, 'task_template_id');
      if ref is null or not exists (select 1 from public.task_templates t
                                     where t.id = ref and t.organization_id = new.organization_id) then
        perform private.fail('Please select a task template', 'automation_task_template_required', 'PT400');
      end if;
      new.action_config := jsonb_build_object('task_template_id', ref);
    when 'send_whatsapp', 'send_sms', 'send_email' then
      ref := private.jsonb_uuid(cfg, 'message_template_id');
      if ref is null or not exists (select 1 from public.message_templates t
                                     where t.id = ref and t.organization_id = new.organization_id and t.active) then
        perform private.fail('Please select a message template', 'automation_message_template_required', 'PT400');
      end if;
      new.action_config := jsonb_build_object('message_template_id', ref);
    when 'create_invoice' then
      if new.trigger not in ('booking_created', 'booking_confirmed', 'check_in', 'check_out') then
        perform private.fail('An invoice is created from a booking: choose a booking trigger',
          'automation_action_trigger_mismatch', 'PT400');
      end if;
      new.action_config := '{}'::jsonb;
    when 'notify_team' then
      if (cfg ? 'user_id') = (cfg ? 'role_id') then
        perform private.fail('Please select a team member or a role', 'automation_recipient_required', 'PT400');
      end if;
      if cfg ? 'user_id' then
        ref := private.jsonb_uuid(cfg, 'user_id');
        if ref is null or not exists (select 1 from public.profiles p where p.user_id = ref
                                        and p.organization_id = new.organization_id and p.kind = 'staff') then
          perform private.fail('Please select a team member or a role', 'automation_recipient_required', 'PT400');
        end if;
        new.action_config := jsonb_build_object('user_id', ref);
      else
        ref := private.jsonb_uuid(cfg, 'role_id');
        if ref is null or not exists (select 1 from public.roles r where r.id = ref and r.organization_id = new.organization_id) then
          perform private.fail('Please select a team member or a role', 'automation_recipient_required', 'PT400');
        end if;
        new.action_config := jsonb_build_object('role_id', ref);
      end if;
    else
      perform private.fail('This action is not available', 'automation_action_unsupported', 'PT400');
  end case;
  new.conditions := cond;
  return new;
end;
$$;
comment on function private.automation_rules_check() is
  'BEFORE INSERT/UPDATE on automation_rules: validates action_config per action and the conditions (unit_ids, sources) against the rule''s organisation; refusals 400 with stable hints. SECURITY DEFINER to look up the referenced rows whatever the writer may read.';
revoke all on function private.automation_rules_check() from public;

-- A uuid read from a jsonb key, or null when absent or not a uuid.
create function private.jsonb_uuid(obj jsonb, key text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when obj ->> key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then (obj ->> key)::uuid end
$$;
comment on function private.jsonb_uuid(jsonb, text) is 'obj->>key as a uuid, or null when it is missing or not a uuid.';

create trigger automation_rules_check before insert or update on public.automation_rules
  for each row execute function private.automation_rules_check();

-- A template a rule uses is not deleted under it (409).
create function private.task_templates_in_use()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.automation_rules r
              where r.organization_id = old.organization_id and r.action = 'create_task'
                and r.action_config ->> 'task_template_id' = old.id::text) then
    perform private.fail('This template is used by an automation rule', 'task_template_in_use', 'PT409');
  end if;
  return old;
end;
$$;
comment on function private.task_templates_in_use() is
  'BEFORE DELETE on task_templates: refuses (409 task_template_in_use) while an automation rule creates tasks from it. SECURITY DEFINER: reads the rules whatever the caller may read.';
revoke all on function private.task_templates_in_use() from public;
create trigger task_templates_in_use before delete on public.task_templates
  for each row execute function private.task_templates_in_use();

-- The run log.
create table public.automation_runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  rule_id uuid not null references public.automation_rules (id) on delete cascade,
  event_key text not null check (length(event_key) between 1 and 200),
  trigger public.automation_trigger not null,
  action public.automation_action not null,
  outcome text not null check (outcome in ('succeeded', 'failed', 'skipped')),
  error text check (error is null or length(error) <= 1000),
  -- What the event was about (no foreign keys: the log outlives a deleted booking or task).
  booking_id uuid,
  invoice_id uuid,
  payment_id uuid,
  task_id uuid,
  -- What the action made.
  created_task_id uuid,
  created_invoice_id uuid,
  created_message_id uuid,
  notified integer,
  created_at timestamptz not null default now(),
  constraint automation_runs_once_per_event unique (rule_id, event_key)
);
comment on table public.automation_runs is
  'One run per automation rule and event (unique rule_id, event_key): outcome succeeded / failed / skipped, the error, what the event was about and what the action created.';
comment on column public.automation_runs.event_key is 'The event: <trigger>:<subject id>, e.g. check_out:<booking id>.';
comment on column public.automation_runs.error is 'Why it failed or was skipped, as the refusal said it.';
create index automation_runs_org_created_idx on public.automation_runs (organization_id, created_at desc);
create index automation_runs_rule_created_idx on public.automation_runs (rule_id, created_at desc);

alter table public.automation_runs enable row level security;

-- Staff holding automations.read read their organisation's run log; the super administrator reads
-- all. Only the engine (SECURITY DEFINER) writes it.
create policy automation_runs_select on public.automation_runs for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.read')))
    or (select private.is_super_admin())
  );

grant select on public.automation_runs to authenticated;
grant all on public.automation_runs to service_role;

-- The default automation of an organisation: the template "Turnover cleaning" and the active
-- rule "Cleaning after check-out" using it. Called once per organisation (when it is created, and
-- here for the existing ones); a template of that name already there is left alone.
create function private.add_default_automations(org uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  template uuid;
begin
  insert into public.task_templates (organization_id, name, title, title_ar, description, description_ar, type, priority,
                                     due_rule, assign_to, vendor_category)
  values (org, 'Turnover cleaning', 'Cleaning: {{unit}}', 'تنظيف: {{unit}}',
          'Turnover cleaning after booking {{booking}} (check-out {{check_out}}).',
          'تنظيف بين الإقامات بعد الحجز {{booking}} (تاريخ المغادرة {{check_out}}).',
          'cleaning', 'medium', 'before_next_check_in', 'best_vendor', 'cleaning')
  on conflict (organization_id, name) do nothing
  returning id into template;
  if template is null then
    return;
  end if;
  insert into public.automation_rules (organization_id, name, trigger, action, is_active, action_config)
  values (org, 'Cleaning after check-out', 'check_out', 'create_task', true, jsonb_build_object('task_template_id', template));
end;
$$;
comment on function private.add_default_automations(uuid) is
  'Gives an organisation the task template "Turnover cleaning" and the active rule "Cleaning after check-out".';
revoke all on function private.add_default_automations(uuid) from public;

create function private.organizations_default_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_default_automations(new.id);
  return null;
end;
$$;
comment on function private.organizations_default_automations() is
  'AFTER INSERT trigger on organizations: the default task template and cleaning rule.';
revoke all on function private.organizations_default_automations() from public;

create trigger organizations_default_automations after insert on public.organizations
  for each row execute function private.organizations_default_automations();

select private.add_default_automations(o.id) from public.organizations o;
