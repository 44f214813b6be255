-- dashboard_overview(): the numbers of the dashboard's overview (SPEC §2) in one call. It
-- runs with the caller's rights, so every figure is limited to what RLS lets them read;
-- money figures are null for callers without payments.read / invoices.read.

create function public.dashboard_overview()
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
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
             u.name as unit_name, c.name as client_name
      from public.bookings b
      join public.units u on u.id = b.unit_id
      join public.clients c on c.id = b.client_id
      where b.organization_id = org
      order by b.created_at desc limit 5) x), '[]'::jsonb),
    'upcoming_tasks', coalesce((select jsonb_agg(x order by x.due_at nulls last) from (
      select t.id, t.title, t.type, t.priority, t.status, t.due_at, u.name as unit_name
      from public.tasks t left join public.units u on u.id = t.unit_id
      where t.organization_id = org and t.status in ('pending', 'in_progress')
      order by t.due_at nulls last limit 5) x), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;
comment on function public.dashboard_overview is 'Overview numbers (units, clients, today''s arrivals/departures, revenue, recent bookings, upcoming tasks).';
revoke all on function public.dashboard_overview from public;
grant execute on function public.dashboard_overview to authenticated;
