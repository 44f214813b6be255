-- What the Billing tab and the billing function need to know about a plan change (issue 14):
--   * private.plan_change_blockers(org, plan): what stops the organisation moving to `plan` — units
--     over the new unit limit, users (active or invited, as check_user_limit counts them) over the
--     new user limit — as [{kind, used, limit, excess}]; empty when nothing does.
--   * public.my_billing(): the caller's organisation's plan, cycle, usage against its limits, the
--     prices of every plan and cycle (VAT split), the blockers of each plan, and whether the caller
--     may change plan (settings.manage). Any active staff member may read it (the plan is shown
--     read-only to those without settings.manage); others get 404.

create function private.plan_change_blockers(org uuid, plan public.subscription_plan)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  unit_limit integer := private.plan_unit_limit(plan);
  user_limit integer := private.plan_user_limit(plan);
  units_used integer;
  users_used integer;
  blockers jsonb := '[]'::jsonb;
begin
  select count(*) into units_used from public.units u where u.organization_id = org;
  select (select count(*) from public.profiles p where p.organization_id = org and p.status <> 'inactive')
       + (select count(*) from public.invitations i
           where i.organization_id = org and i.status = 'pending' and i.expires_at > now())
    into users_used;
  if unit_limit is not null and units_used > unit_limit then
    blockers := blockers || jsonb_build_object('kind', 'units', 'used', units_used, 'limit', unit_limit,
                                               'excess', units_used - unit_limit);
  end if;
  if user_limit is not null and users_used > user_limit then
    blockers := blockers || jsonb_build_object('kind', 'users', 'used', users_used, 'limit', user_limit,
                                               'excess', users_used - user_limit);
  end if;
  return blockers;
end;
$$;
comment on function private.plan_change_blockers(uuid, public.subscription_plan) is
  'Units and users (active + pending invitations) above the limits of a plan: [{kind, used, limit, excess}], empty when the organisation fits.';
revoke all on function private.plan_change_blockers(uuid, public.subscription_plan) from public;
grant execute on function private.plan_change_blockers(uuid, public.subscription_plan) to service_role;

create function public.my_billing()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  o public.organizations;
  units_used integer;
  users_used integer;
  prices jsonb;
  blockers jsonb;
begin
  if org is null then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  select * into o from public.organizations where id = org;
  select count(*) into units_used from public.units u where u.organization_id = org;
  select count(*) into users_used from public.profiles p where p.organization_id = org and p.status <> 'inactive';
  select jsonb_agg(jsonb_build_object(
           'plan', p.plan, 'billing_cycle', c.cycle,
           'total_halalas', private.plan_price_halalas(p.plan, c.cycle),
           'vat_halalas', private.vat_of_inclusive_halalas(private.plan_price_halalas(p.plan, c.cycle)),
           'net_halalas', private.plan_price_halalas(p.plan, c.cycle)
                          - private.vat_of_inclusive_halalas(private.plan_price_halalas(p.plan, c.cycle)))
         order by p.plan, c.cycle)
    into prices
    from unnest(array['basic', 'advanced']::public.subscription_plan[]) p (plan)
   cross join unnest(array['monthly', 'yearly']) c (cycle);
  select jsonb_object_agg(p.plan, private.plan_change_blockers(org, p.plan))
    into blockers
    from unnest(array['basic', 'advanced']::public.subscription_plan[]) p (plan);
  return jsonb_build_object(
    'organization_id', org,
    'plan', o.subscription_plan,
    'billing_cycle', o.billing_cycle,
    'units_used', units_used,
    'units_limit', private.plan_unit_limit(o.subscription_plan),
    'users_used', users_used,
    'users_limit', private.plan_user_limit(o.subscription_plan),
    'can_manage', private.has_permission('settings.manage'),
    'prices', prices,
    'blockers', blockers
  );
end;
$$;
comment on function public.my_billing() is
  'Billing tab: the caller''s organisation''s plan, cycle, usage vs limits, SPEC §9 prices (net/VAT/total halalas), downgrade blockers per plan and can_manage; 404 without an organisation.';
revoke all on function public.my_billing() from public, anon;
grant execute on function public.my_billing() to authenticated;
