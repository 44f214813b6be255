-- Task templates (issue 17): what an automation rule's create_task action creates. A template is
-- automation configuration, so it follows the automation permissions (automations.read to read,
-- automations.write to change), not tasks.*: a team member who works tasks does not decide what
-- the rules create.
--
--   * title / title_ar, description / description_ar with the variables {{unit}}, {{guest}},
--     {{booking}}, {{check_in}}, {{check_out}} (filled from the event's stay; Arabic text falls
--     back to the English one, the unit's Arabic name to its name).
--   * due_rule: 'before_next_check_in' (the unit's next check-in at its check-in time; when none,
--     the day after at that time) or 'hours_after' (due_hours after the event).
--   * assign_to: 'best_vendor' (the organisation's best vendor of vendor_category: verified, then
--     rating, then the earliest added), 'vendor' (vendor_id), 'staff' (assignee_id) or 'nobody'.
--   * Every organisation (existing and new) gets "Turnover cleaning", the template of the default
--     rule "Cleaning after check-out" (20261129620200): it writes the very task the check-out
--     trigger wrote before (title, description in both languages, cleaning, best cleaning vendor).

create table public.task_templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  title text not null check (length(btrim(title)) between 1 and 200),
  title_ar text check (title_ar is null or length(btrim(title_ar)) between 1 and 200),
  description text check (description is null or length(description) <= 2000),
  description_ar text check (description_ar is null or length(description_ar) <= 2000),
  type public.task_type not null default 'cleaning',
  priority public.task_priority not null default 'medium',
  due_rule text not null default 'before_next_check_in' check (due_rule in ('before_next_check_in', 'hours_after')),
  due_hours integer check (due_hours is null or due_hours between 0 and 720),
  assign_to text not null default 'nobody' check (assign_to in ('best_vendor', 'vendor', 'staff', 'nobody')),
  vendor_category public.vendor_category,
  vendor_id uuid,
  assignee_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint task_templates_organization_id_id_key unique (organization_id, id),
  constraint task_templates_name_key unique (organization_id, name),
  constraint task_templates_due_rule_hours check ((due_rule = 'hours_after') = (due_hours is not null)),
  constraint task_templates_best_vendor_category check ((assign_to = 'best_vendor') = (vendor_category is not null)),
  foreign key (organization_id, vendor_id) references public.organization_vendors (organization_id, vendor_id)
    on delete set null (vendor_id),
  foreign key (organization_id, assignee_id) references public.profiles (organization_id, user_id)
    on delete set null (assignee_id)
);
comment on table public.task_templates is
  'What an automation rule''s create_task action creates: bilingual title and description with {{variables}}, type, priority, due rule and assignment.';
comment on column public.task_templates.due_rule is
  'before_next_check_in: the unit''s next check-in (its check-in time), else the day after; hours_after: due_hours after the event.';
comment on column public.task_templates.assign_to is
  'best_vendor (of vendor_category), vendor (vendor_id), staff (assignee_id) or nobody. A vendor or member removed since leaves the task unassigned.';
create index task_templates_vendor_idx on public.task_templates (organization_id, vendor_id) where vendor_id is not null;
create index task_templates_assignee_idx on public.task_templates (organization_id, assignee_id) where assignee_id is not null;

create trigger task_templates_touch before update on public.task_templates
  for each row execute function private.touch_updated_at();

-- The variables a task template may use.
create function private.task_template_variables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['unit', 'guest', 'booking', 'check_in', 'check_out']
$$;
comment on function private.task_template_variables() is 'The {{variables}} of task templates: unit, guest, booking, check_in, check_out.';

-- Refusals of a template (400, stable hints): an unknown {{variable}}; 'vendor' without a vendor,
-- 'staff' without a member (checked when written, not when the vendor or member is removed later,
-- which leaves the task unassigned).
create function private.task_templates_check()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v text;
begin
  for v in
    select distinct m[1] from regexp_matches(
      concat_ws(' ', new.title, new.title_ar, new.description, new.description_ar), '\{\{\s*([^}]*?)\s*\}\}', 'g') as m
  loop
    if not v = any (private.task_template_variables()) then
      perform private.fail(format('Unknown template variable: {{%s}}', v), 'task_template_unknown_variable', 'PT400');
    end if;
  end loop;
  if tg_op = 'INSERT' or new.assign_to is distinct from old.assign_to or new.vendor_id is not null or new.assignee_id is not null then
    if new.assign_to = 'vendor' and new.vendor_id is null then
      perform private.fail('Please select a vendor', 'task_template_vendor_required', 'PT400');
    end if;
    if new.assign_to = 'staff' and new.assignee_id is null then
      perform private.fail('Please select a team member', 'task_template_assignee_required', 'PT400');
    end if;
  end if;
  if new.assign_to <> 'vendor' then
    new.vendor_id := null;
  end if;
  if new.assign_to <> 'staff' then
    new.assignee_id := null;
  end if;
  return new;
end;
$$;
comment on function private.task_templates_check() is
  'BEFORE INSERT/UPDATE on task_templates: refuses unknown {{variables}} (task_template_unknown_variable) and a vendor/staff assignment without its vendor/member; clears the ids the assignment does not use.';
revoke all on function private.task_templates_check() from public;
create trigger task_templates_check before insert or update on public.task_templates
  for each row execute function private.task_templates_check();

alter table public.task_templates enable row level security;

-- Staff holding automations.read read their organisation's task templates; the super administrator reads all.
create policy task_templates_select on public.task_templates for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.read')))
    or (select private.is_super_admin())
  );
-- Holders of automations.write add task templates to their own organisation only.
create policy task_templates_insert on public.task_templates for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));
-- Holders of automations.write edit their organisation's task templates; rows cannot be moved to another one.
create policy task_templates_update on public.task_templates for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of automations.write delete their organisation's task templates (a rule using one keeps
-- it: automation_rules refers to it, see 20261129620200).
create policy task_templates_delete on public.task_templates for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));

grant select, insert, update, delete on public.task_templates to authenticated;
grant all on public.task_templates to service_role;
