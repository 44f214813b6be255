-- The dashboard's "Licences needing attention" card (issue 17) comes with the overview's one call
-- (the overview is one database call, not a request per card): dashboard_overview gains
-- `licences`. Otherwise as its latest version (copied from supabase/schema.sql).

CREATE OR REPLACE FUNCTION public.dashboard_overview()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  org uuid := private.current_org_id();
  tz text;
  today date;
  month_start date;
  can_pay boolean := private.has_permission('payments.read');
  can_inv boolean := private.has_permission('invoices.read');
  result jsonb;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_required', '42501');
  end if;
  perform public.refresh_overdue_invoices();
  select o.default_timezone::text into tz from public.organizations o where o.id = org;
  today := (now() at time zone tz)::date;
  month_start := date_trunc('month', today)::date;

  select jsonb_build_object(
    'organization_id', org,
    'today', today,
    'currency', (select o.default_currency from public.organizations o where o.id = org),
    'total_units', (select count(*) from public.units u where u.organization_id = org),
    'active_units', (select count(*) from public.units u where u.organization_id = org and u.is_active),
    'total_clients', (select count(*) from public.clients c where c.organization_id = org),
    -- Clients with a stay that is current, upcoming, or ended within the last 90 days.
    'active_clients', (select count(distinct b.client_id) from public.bookings b
                       where b.organization_id = org and b.status <> 'cancelled' and b.check_out >= today - 90),
    'bookings_today', jsonb_build_object(
      'arrivals', (select count(*) from public.bookings b where b.organization_id = org
                   and b.status <> 'cancelled' and b.check_in = today),
      'departures', (select count(*) from public.bookings b where b.organization_id = org
                     and b.status <> 'cancelled' and b.check_out = today),
      'in_house', (select count(*) from public.bookings b where b.organization_id = org
                   and b.status in ('confirmed', 'checked_in') and b.check_in <= today and b.check_out > today)),
    'revenue', case when can_pay then jsonb_build_object(
      'this_month', (select coalesce(sum(p.amount), 0) from public.payments p where p.organization_id = org
                     and (p.paid_at at time zone tz)::date >= month_start),
      'previous_month', (select coalesce(sum(p.amount), 0) from public.payments p where p.organization_id = org
                         and (p.paid_at at time zone tz)::date >= (month_start - interval '1 month')::date
                         and (p.paid_at at time zone tz)::date < month_start)) end,
    'receivables', case when can_inv then jsonb_build_object(
      'outstanding', (select coalesce(sum(i.balance_due), 0) from public.invoices i where i.organization_id = org
                      and i.status in ('pending', 'overdue')),
      'overdue', (select coalesce(sum(i.balance_due), 0) from public.invoices i where i.organization_id = org
                  and i.status = 'overdue'),
      'overdue_count', (select count(*) from public.invoices i where i.organization_id = org and i.status = 'overdue')) end,
    'recent_bookings', coalesce((select jsonb_agg(x order by x.created_at desc) from (
      select b.id, b.booking_reference, b.check_in, b.check_out, b.status, b.total_amount, b.created_at,
             u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name
      from public.bookings b
      join public.units u on u.id = b.unit_id
      join public.clients c on c.id = b.client_id
      where b.organization_id = org
      order by b.created_at desc limit 5) x), '[]'::jsonb),
    'upcoming_tasks', coalesce((select jsonb_agg(x order by x.due_at nulls last) from (
      select t.id, t.title, t.title_ar, t.type, t.priority, t.status, t.due_at, u.name as unit_name, u.name_ar as unit_name_ar
      from public.tasks t left join public.units u on u.id = t.unit_id
      where t.organization_id = org and t.status in ('pending', 'in_progress')
      order by t.due_at nulls last limit 5) x), '[]'::jsonb),
    -- Issue 17: active units whose Ministry of Tourism licence needs attention on the
    -- organisation's today: no number or expiry date, expired, or expiring within 30 days
    -- (the list flags' rule; not private.unit_licence_valid(u, today + 30) in other words).
    -- Soonest expiry first, units without a licence last. RLS: units.read.
    'licences', coalesce((select jsonb_agg(x order by x.expires_on nulls last, x.name) from (
      select u.id, u.name, u.name_ar, u.tourism_licence_number as number, u.tourism_licence_expires_on as expires_on
      from public.units u
      where u.organization_id = org and u.is_active
        and (u.tourism_licence_number is null or u.tourism_licence_expires_on is null
             or u.tourism_licence_expires_on <= today + 30)
      order by u.tourism_licence_expires_on nulls last, u.name limit 20) x), '[]'::jsonb)
  ) into result;
  return result;
end;
$function$;
