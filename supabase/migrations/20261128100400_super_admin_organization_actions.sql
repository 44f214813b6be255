-- The super administrator's actions on an organisation (issue 14, /super-admin):
--   * admin_set_organization_plan(organization_id, plan, billing_cycle): the plan and cycle, which
--     organizations_guard keeps from everyone but trusted paths. Usage above the new plan's limits
--     does not stop it (the console warns first); the limits apply to what is added afterwards.
--   * admin_suspend_organization(organization_id, reason): reason required (1–500 characters);
--     409 when already suspended.
--   * admin_reactivate_organization(organization_id): 409 when not suspended.
-- Each marks its own write trusted (nuzl.trusted_call, transaction-local, after the claim was
-- checked; PostgREST cannot set it) and returns the organisation's detail. The organizations_audit
-- trigger (20261122002100) writes every change to the audit log with the super administrator as
-- the actor (auth.uid() and the request role of the call) and the row before and after; a
-- suspension's reason also goes to the entry's reason (nuzl.audit_reason, 20261124200300).

create function public.admin_set_organization_plan(
  organization_id uuid,
  plan public.subscription_plan,
  billing_cycle text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_super_admin();
  if plan is null or billing_cycle is null or billing_cycle not in ('monthly', 'yearly') then
    perform private.fail('Please check your input and try again.', 'plan_invalid', '22023');
  end if;
  perform set_config('nuzl.trusted_call', 'on', true);
  update public.organizations o
     set subscription_plan = admin_set_organization_plan.plan,
         billing_cycle = admin_set_organization_plan.billing_cycle
   where o.id = admin_set_organization_plan.organization_id;
  if not found then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  perform set_config('nuzl.trusted_call', '', true);
  return public.admin_organization(admin_set_organization_plan.organization_id);
end;
$$;
comment on function public.admin_set_organization_plan(uuid, public.subscription_plan, text) is
  'Super administrator: sets an organisation''s plan and billing cycle (monthly | yearly), audited; 404 for anyone else or an unknown id, 400 plan_invalid.';
revoke all on function public.admin_set_organization_plan(uuid, public.subscription_plan, text) from public, anon;
grant execute on function public.admin_set_organization_plan(uuid, public.subscription_plan, text) to authenticated;

create function public.admin_suspend_organization(organization_id uuid, reason text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  why text := nullif(btrim(coalesce(reason, '')), '');
  was timestamptz;
begin
  perform private.require_super_admin();
  if why is null then
    perform private.fail('Please enter the reason for the suspension', 'suspension_reason_required', '22023');
  end if;
  if length(why) > 500 then
    perform private.fail('The reason can be at most 500 characters', 'suspension_reason_too_long', '22023');
  end if;
  select o.suspended_at into was from public.organizations o
   where o.id = admin_suspend_organization.organization_id for update;
  if not found then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  if was is not null then
    perform private.fail('This organization is already suspended', 'organization_already_suspended', 'PT409');
  end if;
  perform set_config('nuzl.trusted_call', 'on', true);
  perform set_config('nuzl.audit_reason', why, true);
  update public.organizations o
     set suspended_at = now(), suspended_reason = why, suspended_by = auth.uid()
   where o.id = admin_suspend_organization.organization_id;
  perform set_config('nuzl.audit_reason', '', true);
  perform set_config('nuzl.trusted_call', '', true);
  return public.admin_organization(admin_suspend_organization.organization_id);
end;
$$;
comment on function public.admin_suspend_organization(uuid, text) is
  'Super administrator: suspends an organisation with a reason (its staff are cut off, its public site, requests and API keys refused), audited; 404 for anyone else or an unknown id, 400 without a reason, 409 when already suspended.';
revoke all on function public.admin_suspend_organization(uuid, text) from public, anon;
grant execute on function public.admin_suspend_organization(uuid, text) to authenticated;

create function public.admin_reactivate_organization(organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  was timestamptz;
begin
  perform private.require_super_admin();
  select o.suspended_at into was from public.organizations o
   where o.id = admin_reactivate_organization.organization_id for update;
  if not found then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  if was is null then
    perform private.fail('This organization is not suspended', 'organization_not_suspended', 'PT409');
  end if;
  perform set_config('nuzl.trusted_call', 'on', true);
  update public.organizations o
     set suspended_at = null, suspended_reason = null, suspended_by = null
   where o.id = admin_reactivate_organization.organization_id;
  perform set_config('nuzl.trusted_call', '', true);
  return public.admin_organization(admin_reactivate_organization.organization_id);
end;
$$;
comment on function public.admin_reactivate_organization(uuid) is
  'Super administrator: lifts an organisation''s suspension, audited; 404 for anyone else or an unknown id, 409 when it is not suspended.';
revoke all on function public.admin_reactivate_organization(uuid) from public, anon;
grant execute on function public.admin_reactivate_organization(uuid) to authenticated;
