-- The super-administrator console (issue 14, /super-admin): the organisations of the platform.
--
--   * private.require_super_admin(): every console function starts with it. Anyone without the
--     super-administrator claim (app_metadata.role, 20261122000300) gets the console's only answer
--     to strangers: 404 not_found, as the page itself says "Page not found".
--   * public.admin_organizations(search, sort, direction, page_limit, page_offset): every
--     organisation with its plan, status, owner, units, users and bookings of the last 30 days;
--     searched by name, Arabic name, slug, owner e-mail or phone; sorted by name, plan, units,
--     users, bookings_30d, created or status; paged on the server.
--   * public.admin_organization(organization_id): one organisation in detail, with its usage
--     against its plan's limits and the limits of every plan (the console warns before a change
--     that usage would exceed).
-- Reads only: the writes (plan, suspension) are in 20261128100400. All are SECURITY DEFINER
-- because the console reads across tenants and auth.users (owner e-mail, phone, last sign-in).

create function private.require_super_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    perform private.fail('Page not found', 'not_found', 'PT404');
  end if;
end;
$$;
comment on function private.require_super_admin() is
  'Raises 404 not_found unless the caller holds the super-administrator claim; the first line of every admin_* function.';
revoke all on function private.require_super_admin() from public;
grant execute on function private.require_super_admin() to authenticated, service_role;

-- Plan limits of SPEC §9 for every plan, for the console (null = unlimited).
create function private.plan_limits()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_object_agg(plan, jsonb_build_object('units', private.plan_unit_limit(plan), 'users', private.plan_user_limit(plan)))
  from unnest(enum_range(null::public.subscription_plan)) plan
$$;
comment on function private.plan_limits() is 'Units and users allowed by each subscription plan (null = unlimited), as a JSON object by plan.';
revoke all on function private.plan_limits() from public;

-- The list's default order and its "created" sort.
create index organizations_created_idx on public.organizations (created_at desc, id);

create function public.admin_organizations(
  search text default null,
  sort text default 'created',
  direction text default 'desc',
  page_limit integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  term text := nullif(btrim(coalesce(search, '')), '');
  sort_key text := coalesce(sort, 'created');
  descending boolean := coalesce(direction, 'desc') = 'desc';
  pattern text;
  digits text;
  result jsonb;
begin
  perform private.require_super_admin();
  if sort_key not in ('name', 'plan', 'units', 'users', 'bookings_30d', 'created', 'status') then
    perform private.fail('Please check your input and try again.', 'admin_sort_invalid', '22023');
  end if;
  if coalesce(direction, 'desc') not in ('asc', 'desc') then
    perform private.fail('Please check your input and try again.', 'admin_sort_invalid', '22023');
  end if;
  if term is not null then
    pattern := '%' || replace(replace(replace(left(term, 100), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    -- "0500000002" finds "+966500000002": digits without a local number's leading zero.
    digits := ltrim(regexp_replace(term, '\D', '', 'g'), '0');
    if length(digits) < 3 then
      digits := null;
    end if;
  end if;

  with matching as (
    select o.id, o.name, o.name_ar, o.slug, o.subscription_plan, o.billing_cycle, o.created_at,
           o.suspended_at,
           op.full_name as owner_name,
           coalesce(nullif(btrim(op.email), ''), nullif(ou.email, '')) as owner_email,
           coalesce(nullif(btrim(op.phone), ''),
                    case when coalesce(ou.phone, '') <> '' then '+' || ltrim(ou.phone, '+') end) as owner_phone
    from public.organizations o
    left join public.profiles op on op.user_id = o.owner_id
    left join auth.users ou on ou.id = o.owner_id
  ),
  found as (
    select m.* from matching m
    where term is null
       or m.name ilike pattern or m.name_ar ilike pattern or m.slug ilike pattern
       or m.owner_email ilike pattern or m.owner_phone ilike pattern
       or (digits is not null and regexp_replace(coalesce(m.owner_phone, ''), '\D', '', 'g') like '%' || digits || '%')
  ),
  -- Counts through the organization_id indexes of units, profiles and bookings (created_at).
  counted as (
    select f.*,
           (select count(*) from public.units u where u.organization_id = f.id)::integer as units,
           (select count(*) from public.profiles p
             where p.organization_id = f.id and p.kind = 'staff' and p.status <> 'inactive')::integer as users,
           (select count(*) from public.bookings b
             where b.organization_id = f.id and b.created_at >= now() - interval '30 days')::integer as bookings_30d
    from found f
  ),
  keyed as (
    select c.*,
           case sort_key
             when 'units' then c.units
             when 'users' then c.users
             when 'bookings_30d' then c.bookings_30d
             when 'plan' then array_position(enum_range(null::public.subscription_plan), c.subscription_plan)
             when 'status' then case when c.suspended_at is null then 0 else 1 end
           end as number_key,
           case when sort_key = 'name' then lower(c.name) end as text_key,
           case when sort_key = 'created' then c.created_at end as time_key
    from counted c
  ),
  page as (
    select k.*, row_number() over (
             order by case when descending then k.number_key end desc nulls last,
                      case when not descending then k.number_key end asc nulls last,
                      case when descending then k.text_key end desc nulls last,
                      case when not descending then k.text_key end asc nulls last,
                      case when descending then k.time_key end desc nulls last,
                      case when not descending then k.time_key end asc nulls last,
                      k.created_at desc, k.id) as position
    from keyed k
  )
  select jsonb_build_object(
    'total', (select count(*) from page),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'name', p.name, 'name_ar', p.name_ar, 'slug', p.slug,
               'plan', p.subscription_plan, 'billing_cycle', p.billing_cycle,
               'status', case when p.suspended_at is null then 'active' else 'suspended' end,
               'suspended_at', p.suspended_at, 'created_at', p.created_at,
               'owner_name', p.owner_name, 'owner_email', p.owner_email, 'owner_phone', p.owner_phone,
               'units', p.units, 'users', p.users, 'bookings_30d', p.bookings_30d)
             order by p.position)
      from page p
      where p.position > greatest(coalesce(page_offset, 0), 0)
        and p.position <= greatest(coalesce(page_offset, 0), 0) + least(greatest(coalesce(page_limit, 25), 1), 100)),
      '[]'::jsonb))
  into result;
  return result;
end;
$$;
comment on function public.admin_organizations(text, text, text, integer, integer) is
  'Super administrator: every organisation (plan, cycle, status, owner, units, users, bookings created in the last 30 days), searched by name, Arabic name, slug, owner e-mail or phone, sorted by name | plan | units | users | bookings_30d | created | status, asc or desc, paged (at most 100); 404 for anyone else.';
revoke all on function public.admin_organizations(text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_organizations(text, text, text, integer, integer) to authenticated;

create function public.admin_organization(organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org public.organizations;
  result jsonb;
begin
  perform private.require_super_admin();
  select * into org from public.organizations o where o.id = admin_organization.organization_id;
  if org.id is null then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  select jsonb_build_object(
    'organization', jsonb_build_object(
      'id', org.id, 'name', org.name, 'name_ar', org.name_ar, 'slug', org.slug,
      'plan', org.subscription_plan, 'billing_cycle', org.billing_cycle,
      'status', case when org.suspended_at is null then 'active' else 'suspended' end,
      'suspended_at', org.suspended_at, 'suspended_reason', org.suspended_reason,
      'suspended_by_name', (select p.full_name from public.profiles p where p.user_id = org.suspended_by),
      'created_at', org.created_at, 'country', org.country, 'default_timezone', org.default_timezone,
      'public_site_enabled', coalesce((select s.enabled from public.public_sites s where s.organization_id = org.id), false)),
    'owner', (
      select jsonb_build_object(
               'id', u.id,
               'name', p.full_name,
               'email', coalesce(nullif(btrim(p.email), ''), nullif(u.email, '')),
               'phone', coalesce(nullif(btrim(p.phone), ''),
                                 case when coalesce(u.phone, '') <> '' then '+' || ltrim(u.phone, '+') end),
               'last_sign_in_at', u.last_sign_in_at)
      from auth.users u left join public.profiles p on p.user_id = u.id
      where u.id = org.owner_id),
    'usage', jsonb_build_object(
      'units', (select count(*) from public.units u where u.organization_id = org.id),
      'active_units', (select count(*) from public.units u where u.organization_id = org.id and u.is_active),
      -- Seats as the plan counts them (private.check_user_limit): members not deactivated plus
      -- invitations still pending.
      'users', (select count(*) from public.profiles p where p.organization_id = org.id and p.status <> 'inactive')
             + (select count(*) from public.invitations i
                 where i.organization_id = org.id and i.status = 'pending' and i.expires_at > now()),
      'bookings', (select count(*) from public.bookings b where b.organization_id = org.id),
      'bookings_30d', (select count(*) from public.bookings b
                        where b.organization_id = org.id and b.created_at >= now() - interval '30 days'),
      'invoices', (select count(*) from public.invoices i where i.organization_id = org.id and i.status <> 'draft'),
      -- Invoiced money: issued invoices, neither drafts nor cancelled.
      'invoices_total', coalesce((select sum(i.total_amount) from public.invoices i
                                   where i.organization_id = org.id and i.status not in ('draft', 'cancelled')), 0),
      'currency', org.default_currency,
      -- The latest recorded change in the organisation, or a member's latest sign-in.
      'last_activity_at', nullif(greatest(
          coalesce((select max(a.created_at) from public.audit_log a where a.organization_id = org.id), '-infinity'),
          coalesce((select max(b.created_at) from public.bookings b where b.organization_id = org.id), '-infinity'),
          coalesce((select max(u.last_sign_in_at) from public.profiles p join auth.users u on u.id = p.user_id
                     where p.organization_id = org.id), '-infinity')), '-infinity'::timestamptz)),
    'limits', private.plan_limits() -> (org.subscription_plan::text),
    'plans', private.plan_limits())
  into result;
  return result;
end;
$$;
comment on function public.admin_organization(uuid) is
  'Super administrator: one organisation (plan, status and suspension, owner with last sign-in), its usage (units, seats, bookings, invoices and their total, last activity), its plan''s limits and every plan''s; 404 for anyone else or an unknown id.';
revoke all on function public.admin_organization(uuid) from public, anon;
grant execute on function public.admin_organization(uuid) to authenticated;
