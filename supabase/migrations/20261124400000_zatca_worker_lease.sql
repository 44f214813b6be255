-- ZATCA e-invoicing (issue 11): one worker at a time per organisation. The edge function zatca
-- signs and submits an organisation's queued documents in number order, so each document's
-- invoice counter (ICV) follows its number and ZATCA receives them in chain order. Several
-- workers may run at once (the minute's cron call, the call right after an issue, a retry staff
-- asked for); each takes the organisation's lease first and leaves it to the holder otherwise.
-- The chain itself never depends on it (einvoicing_advance_chain compares and swaps): a lease that
-- runs out while its worker still runs costs order, never correctness.
create table private.zatca_worker_leases (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  -- A random id per worker run.
  holder uuid not null,
  until timestamptz not null
);
comment on table private.zatca_worker_leases is
  'Which run of the zatca edge function works on an organisation''s e-invoicing queue, and until when; service role only.';
revoke all on private.zatca_worker_leases from public, anon, authenticated;
grant select, insert, update, delete on private.zatca_worker_leases to service_role;

-- Takes or extends the lease (seconds > 0) or gives it back (seconds = 0). True when `holder`
-- holds it afterwards (or gave it back); false when another run holds a lease that has not run out.
create function public.zatca_worker_lease(organization_id uuid, holder uuid, seconds integer)
returns boolean
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  taken uuid;
begin
  if organization_id is null or holder is null or seconds is null or seconds < 0 or seconds > 600 then
    perform private.fail('Please check your input and try again.', 'zatca_lease_invalid', '22023');
  end if;
  if seconds = 0 then
    delete from private.zatca_worker_leases l where l.organization_id = organization_id and l.holder = holder;
    return true;
  end if;
  insert into private.zatca_worker_leases as l (organization_id, holder, until)
  values (organization_id, holder, now() + make_interval(secs => seconds))
  on conflict on constraint zatca_worker_leases_pkey do update
    set holder = excluded.holder, until = excluded.until
    where l.holder = excluded.holder or l.until <= now()
  returning l.holder into taken;
  return taken is not null;
end;
$$;
comment on function public.zatca_worker_lease(uuid, uuid, integer) is
  'Service role (edge function zatca): takes, extends (seconds > 0) or releases (0) the organisation''s e-invoicing worker lease; true when the caller holds it, false when another run does.';
revoke all on function public.zatca_worker_lease(uuid, uuid, integer) from public, anon, authenticated;
grant execute on function public.zatca_worker_lease(uuid, uuid, integer) to service_role;
