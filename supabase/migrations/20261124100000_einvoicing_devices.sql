-- ZATCA e-invoicing (issue 11): the EGS unit ("device") of each organisation, with the secrets it
-- is onboarded with: the private signing key, the CSR, the compliance and production CSIDs
-- (binarySecurityToken + secret) and the certificate.
--
-- Where no browser role can read them: the table lives in the unexposed `private` schema and only
-- the service role has grants on it (PostgREST does not serve `private`; anon and authenticated
-- have USAGE on the schema for the helper functions, but no privilege on this table). The edge
-- function `zatca` (service role) reads and writes it through the two RPCs below, which only the
-- service role may execute. No audit trigger: the audit log is readable by audit.read holders and
-- must never carry a key or a secret. Staff learn the onboarding state (environment, status,
-- timestamps, last error) through einvoicing_overview(), never a secret.
create table private.einvoicing_devices (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- The ZATCA environment the device was onboarded in (the path under /e-invoicing/).
  environment text not null default 'developer-portal'
    check (environment in ('developer-portal', 'simulation', 'core')),
  -- csr_created → compliance_csid → compliance_checked → production_csid; failed at any step;
  -- retired when a newer device of the organisation reaches production_csid.
  status text not null default 'csr_created'
    check (status in ('csr_created', 'compliance_csid', 'compliance_checked', 'production_csid', 'failed', 'retired')),
  common_name text,
  -- SAN serial number 1-<solution>|2-<model>|3-<serial> of the CSR.
  egs_serial text,
  csr text,
  private_key_pem text,
  compliance_request_id text,
  compliance_token text,
  compliance_secret text,
  production_token text,
  production_secret text,
  -- Base64 DER of the certificate the device signs with (the production CSID's, else the compliance one's).
  certificate text,
  certificate_expires_at timestamptz,
  last_error text check (last_error is null or length(last_error) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.einvoicing_devices is
  'ZATCA EGS units with their private key, CSR, CSIDs and certificate; service role only (edge function zatca).';
create index einvoicing_devices_org_idx on private.einvoicing_devices (organization_id, created_at desc);
revoke all on private.einvoicing_devices from public, anon, authenticated;
grant select, insert, update, delete on private.einvoicing_devices to service_role;

create trigger einvoicing_devices_touch before update on private.einvoicing_devices
  for each row execute function private.touch_updated_at();

-- One device row as JSON, secrets included (only the service-role RPCs below return it).
create function private.einvoicing_device_json(d private.einvoicing_devices)
returns jsonb
language sql
stable
set search_path = ''
as $$ select to_jsonb(d) $$;
comment on function private.einvoicing_device_json(private.einvoicing_devices) is
  'A device row as JSON with its secrets; used only by the service-role e-invoicing RPCs.';
revoke all on function private.einvoicing_device_json(private.einvoicing_devices) from public;
grant execute on function private.einvoicing_device_json(private.einvoicing_devices) to service_role;

-- The devices of an organisation that are not retired, newest first, with their secrets.
create function public.einvoicing_devices(organization_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.einvoicing_device_json(d) order by d.created_at desc), '[]'::jsonb)
  from private.einvoicing_devices d
  where d.organization_id = einvoicing_devices.organization_id and d.status <> 'retired'
$$;
comment on function public.einvoicing_devices(uuid) is
  'Service role (edge function zatca): the organisation''s devices that are not retired, newest first, with key and CSID secrets: [{id, environment, status, csr, private_key_pem, compliance_request_id, compliance_token, compliance_secret, production_token, production_secret, certificate, …}].';
revoke all on function public.einvoicing_devices(uuid) from public, anon, authenticated;
grant execute on function public.einvoicing_devices(uuid) to service_role;

-- Creates (device.id absent) or updates a device. Only the listed fields are taken; a device that
-- reaches production_csid retires the organisation's other devices (one signing device at a time).
create function public.einvoicing_save_device(organization_id uuid, device jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  d private.einvoicing_devices;
  fields constant text[] := array['environment', 'status', 'common_name', 'egs_serial', 'csr', 'private_key_pem',
    'compliance_request_id', 'compliance_token', 'compliance_secret', 'production_token', 'production_secret',
    'certificate', 'certificate_expires_at', 'last_error'];
  unknown text;
begin
  if organization_id is null or device is null or jsonb_typeof(device) <> 'object' then
    perform private.fail('Please check your input and try again.', 'einvoicing_device_invalid', '22023');
  end if;
  select k into unknown from jsonb_object_keys(device) k where k <> 'id' and k <> all (fields) limit 1;
  if unknown is not null then
    perform private.fail(format('Unknown device field %s', unknown), 'einvoicing_device_invalid', '22023');
  end if;
  if not exists (select 1 from public.organizations o where o.id = organization_id) then
    perform private.fail('Not found', 'not_found', 'PT404');
  end if;

  if device ->> 'id' is null then
    insert into private.einvoicing_devices (organization_id) values (organization_id) returning * into d;
  else
    select * into d from private.einvoicing_devices x
     where x.id = (device ->> 'id')::uuid and x.organization_id = organization_id for update;
    if d.id is null then
      perform private.fail('Not found', 'not_found', 'PT404');
    end if;
  end if;
  -- jsonb_populate_record keeps the columns the patch does not name.
  d := jsonb_populate_record(d, device - 'id' - 'organization_id');
  update private.einvoicing_devices x set
    environment = d.environment, status = d.status, common_name = d.common_name, egs_serial = d.egs_serial,
    csr = d.csr, private_key_pem = d.private_key_pem, compliance_request_id = d.compliance_request_id,
    compliance_token = d.compliance_token, compliance_secret = d.compliance_secret,
    production_token = d.production_token, production_secret = d.production_secret,
    certificate = d.certificate, certificate_expires_at = d.certificate_expires_at, last_error = d.last_error
  where x.id = d.id
  returning * into d;
  if d.status = 'production_csid' then
    update private.einvoicing_devices x set status = 'retired'
     where x.organization_id = organization_id and x.id <> d.id and x.status <> 'retired';
  end if;
  return private.einvoicing_device_json(d);
end;
$$;
comment on function public.einvoicing_save_device(uuid, jsonb) is
  'Service role (edge function zatca): creates a device (no id) or updates the named fields of one ({id, environment, status, common_name, egs_serial, csr, private_key_pem, compliance_request_id, compliance_token, compliance_secret, production_token, production_secret, certificate, certificate_expires_at, last_error}); production_csid retires the others. Returns the device with its secrets.';
revoke all on function public.einvoicing_save_device(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.einvoicing_save_device(uuid, jsonb) to service_role;

-- What staff may know of the onboarding (no secret): used by einvoicing_overview(), which runs as
-- the caller and cannot read the private table. Only for the caller's own organisation (or trusted).
create function private.einvoicing_onboarding(org uuid)
returns table (environment text, status text, certificate_expires_at timestamptz, last_error text,
               updated_at timestamptz, last_invoice_counter bigint, last_invoice_hash text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if org is null or not (private.is_trusted() or org = any (private.readable_org_ids())) then
    return;
  end if;
  return query
    select d.environment, d.status, d.certificate_expires_at, d.last_error, d.updated_at,
           c.last_invoice_counter, c.last_invoice_hash
    from (select 1) one
    left join lateral (select * from private.einvoicing_devices x where x.organization_id = org
                       order by (x.status = 'production_csid') desc, (x.status = 'retired'), x.created_at desc
                       limit 1) d on true
    left join public.einvoicing_chains c on c.organization_id = org;
end;
$$;
comment on function private.einvoicing_onboarding(uuid) is
  'Onboarding state of an organisation''s e-invoicing (environment, status, certificate expiry, last error, chain counter and last hash), never a secret; only for the caller''s own organisation.';
revoke all on function private.einvoicing_onboarding(uuid) from public;
grant execute on function private.einvoicing_onboarding(uuid) to authenticated, service_role;
