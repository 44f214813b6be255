-- The organisation's tax profile (issue 11): what a Saudi tax invoice must show of its seller
-- (VAT Implementing Regulations Art. 53; ZATCA XML BR-KSA-08/09/37/40/64/66), kept on the
-- organisation: the legal name in Arabic (required; QR tag 1 and the XML's RegistrationName) and
-- optionally in English, the VAT number (15 digits, first and last 3), the commercial registration
-- (10 digits) and the national address (street, 4-digit building number, optional 4-digit
-- additional number, district, city, 5-digit postal code, optional region).
--
-- A document can only be issued with a complete profile (private.tax_profile_missing), and
-- settings.manage holders change it with update_tax_profile(). Direct updates of the same columns
-- (organizations is writable by settings.manage holders) are held to the same formats.
alter table public.organizations
  add column legal_name_ar text,
  add column legal_name_en text;
comment on column public.organizations.legal_name_ar is
  'Seller legal name in Arabic as registered (tax invoices, QR tag 1); at most 127 UTF-8 bytes (one QR length byte).';
comment on column public.organizations.legal_name_en is 'Seller legal name in English (optional, shown beside the Arabic).';

-- The rules of each field, in one place: a refusal (22023, HTTP 400) with a key per field, or null.
-- Empty strings count as absent. Used by update_tax_profile() and the organisations guard.
create function private.check_tax_field(field text, value text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if value is null then
    return;
  end if;
  case field
    when 'legal_name_ar' then
      if length(btrim(value)) < 2 or value !~ '[\u0600-\u06FF]' then
        perform private.fail('Enter the legal name in Arabic', 'tax_legal_name_invalid', '22023');
      end if;
      if octet_length(btrim(value)) > 127 then
        perform private.fail('The Arabic legal name is too long for the invoice QR code (at most about 60 letters)',
                             'tax_legal_name_too_long', '22023');
      end if;
    when 'legal_name_en' then
      if length(btrim(value)) < 2 or length(btrim(value)) > 200 then
        perform private.fail('Enter the legal name in English (2 to 200 characters)', 'tax_legal_name_invalid', '22023');
      end if;
    when 'vat_number' then
      if value !~ '^3[0-9]{13}3$' then
        perform private.fail('The VAT number has 15 digits and starts and ends with 3', 'vat_number_invalid', '22023');
      end if;
    when 'commercial_registration' then
      if value !~ '^[0-9]{10}$' then
        perform private.fail('The commercial registration number has 10 digits', 'commercial_registration_invalid', '22023');
      end if;
    when 'address_building_number' then
      if value !~ '^[0-9]{4}$' then
        perform private.fail('The building number has 4 digits', 'building_number_invalid', '22023');
      end if;
    when 'address_additional_number' then
      if value !~ '^[0-9]{4}$' then
        perform private.fail('The additional number has 4 digits', 'additional_number_invalid', '22023');
      end if;
    when 'address_postal_code' then
      if value !~ '^[0-9]{5}$' then
        perform private.fail('The postal code has 5 digits', 'postal_code_invalid', '22023');
      end if;
    else
      -- street, district, city, region
      if length(btrim(value)) < 1 or length(btrim(value)) > 200 then
        perform private.fail('Please complete the national address', 'address_invalid', '22023');
      end if;
  end case;
end;
$$;
comment on function private.check_tax_field(text, text) is
  'Refuses a malformed tax-profile value (VAT ^3\d{13}3$, CR 10 digits, building/additional 4 digits, postal 5 digits, Arabic legal name ≤ 127 bytes) with a 400 and a key per field.';
revoke all on function private.check_tax_field(text, text) from public;
grant execute on function private.check_tax_field(text, text) to authenticated, service_role;

-- The fields a tax invoice still lacks, as keys (the settings screen names them, issuing refuses
-- while any is missing). The additional number and the region are optional.
create function private.tax_profile_missing(org uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(f.key order by f.ord) filter (where f.missing), '{}'::text[])
  from public.organizations o
  cross join lateral (values
    (1, 'legal_name_ar', coalesce(btrim(o.legal_name_ar), '') = ''),
    (2, 'vat_number', coalesce(o.vat_number, '') !~ '^3[0-9]{13}3$'),
    (3, 'commercial_registration', coalesce(o.commercial_registration, '') !~ '^[0-9]{10}$'),
    (4, 'address_street', coalesce(btrim(o.address_street), '') = ''),
    (5, 'address_building_number', coalesce(o.address_building_number, '') !~ '^[0-9]{4}$'),
    (6, 'address_district', coalesce(btrim(o.address_district), '') = ''),
    (7, 'address_city', coalesce(btrim(o.address_city), '') = ''),
    (8, 'address_postal_code', coalesce(o.address_postal_code, '') !~ '^[0-9]{5}$')
  ) as f(ord, key, missing)
  where o.id = org
$$;
comment on function private.tax_profile_missing(uuid) is
  'Keys of the seller fields a tax invoice needs that the organisation has not filled in correctly (empty when complete).';
revoke all on function private.tax_profile_missing(uuid) from public;
grant execute on function private.tax_profile_missing(uuid) to authenticated, service_role;

-- Direct writes of the tax columns (settings.manage may update organizations) follow the same
-- rules, for every caller, but only for the values that change: an older organisation whose CR
-- number was saved under the earlier 5–20 digit rule can still rename itself.
create function private.organizations_tax_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  field text;
  before_row jsonb := to_jsonb(old);
  after_row jsonb := to_jsonb(new);
begin
  foreach field in array array['legal_name_ar', 'legal_name_en', 'vat_number', 'commercial_registration',
                                'address_street', 'address_building_number', 'address_additional_number',
                                'address_district', 'address_city', 'address_region', 'address_postal_code'] loop
    if after_row -> field is distinct from before_row -> field then
      perform private.check_tax_field(field, nullif(btrim(after_row ->> field), ''));
    end if;
  end loop;
  return new;
end;
$$;
comment on function private.organizations_tax_guard() is
  'Holds changed tax-profile columns of an organisation to the tax invoice formats (VAT, CR, national address, Arabic legal name).';
revoke all on function private.organizations_tax_guard() from public;

create trigger organizations_tax_guard before update on public.organizations
  for each row execute function private.organizations_tax_guard();
comment on trigger organizations_tax_guard on public.organizations is
  'Changed VAT number, CR number, national address or legal names must have the tax invoice formats.';

-- update_tax_profile(profile): the whole profile at once, for settings.manage holders of the
-- caller's organisation. profile = {legal_name_ar, legal_name_en?, vat_number, commercial_registration,
-- address: {street, building_number, additional_number?, district, city, postal_code, region?}}.
-- Returns {legal_name_ar, legal_name_en, vat_number, commercial_registration, address: {...},
-- complete, missing}.
create function public.update_tax_profile(profile jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  address jsonb := coalesce(profile -> 'address', '{}'::jsonb);
  unknown text;
  o public.organizations;
  value text;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission('settings.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'settings_manage_required', '42501');
  end if;
  if profile is null or jsonb_typeof(profile) <> 'object' or jsonb_typeof(address) <> 'object' then
    perform private.fail('Please check your input and try again.', 'tax_profile_invalid', '22023');
  end if;
  select k into unknown from jsonb_object_keys(profile) k
   where k not in ('legal_name_ar', 'legal_name_en', 'vat_number', 'commercial_registration', 'address') limit 1;
  if unknown is null then
    select k into unknown from jsonb_object_keys(address) k
     where k not in ('street', 'building_number', 'additional_number', 'district', 'city', 'postal_code', 'region')
     limit 1;
  end if;
  if unknown is not null
     or exists (select 1 from jsonb_each(profile - 'address') e where jsonb_typeof(e.value) not in ('string', 'null'))
     or exists (select 1 from jsonb_each(address) e where jsonb_typeof(e.value) not in ('string', 'null')) then
    perform private.fail('Please check your input and try again.', 'tax_profile_invalid', '22023');
  end if;

  -- Required fields first, in the order of the form.
  if coalesce(btrim(profile ->> 'legal_name_ar'), '') = '' then
    perform private.fail('Enter the legal name in Arabic', 'tax_legal_name_invalid', '22023');
  end if;
  if coalesce(btrim(profile ->> 'vat_number'), '') = '' then
    perform private.fail('The VAT number has 15 digits and starts and ends with 3', 'vat_number_invalid', '22023');
  end if;
  if coalesce(btrim(profile ->> 'commercial_registration'), '') = '' then
    perform private.fail('The commercial registration number has 10 digits', 'commercial_registration_invalid', '22023');
  end if;
  foreach value in array array['street', 'building_number', 'district', 'city', 'postal_code'] loop
    if coalesce(btrim(address ->> value), '') = '' then
      perform private.fail('Please complete the national address', 'address_invalid', '22023');
    end if;
  end loop;

  -- The organisations guard checks each format as the row changes.
  update public.organizations x set
    legal_name_ar = btrim(profile ->> 'legal_name_ar'),
    legal_name_en = nullif(btrim(profile ->> 'legal_name_en'), ''),
    vat_number = btrim(profile ->> 'vat_number'),
    commercial_registration = btrim(profile ->> 'commercial_registration'),
    address_street = btrim(address ->> 'street'),
    address_building_number = btrim(address ->> 'building_number'),
    address_additional_number = nullif(btrim(address ->> 'additional_number'), ''),
    address_district = btrim(address ->> 'district'),
    address_city = btrim(address ->> 'city'),
    address_postal_code = btrim(address ->> 'postal_code'),
    address_region = nullif(btrim(address ->> 'region'), '')
  where x.id = org
  returning * into o;
  -- A field the guard did not see change (same value as before) is still checked here.
  perform private.check_tax_field('vat_number', o.vat_number);
  perform private.check_tax_field('commercial_registration', o.commercial_registration);
  perform private.check_tax_field('legal_name_ar', o.legal_name_ar);
  perform private.check_tax_field('address_building_number', o.address_building_number);
  perform private.check_tax_field('address_postal_code', o.address_postal_code);
  perform private.check_tax_field('address_additional_number', o.address_additional_number);

  return jsonb_build_object(
    'legal_name_ar', o.legal_name_ar, 'legal_name_en', o.legal_name_en, 'vat_number', o.vat_number,
    'commercial_registration', o.commercial_registration,
    'address', jsonb_build_object('street', o.address_street, 'building_number', o.address_building_number,
                                  'additional_number', o.address_additional_number, 'district', o.address_district,
                                  'city', o.address_city, 'postal_code', o.address_postal_code,
                                  'region', o.address_region),
    'missing', to_jsonb(private.tax_profile_missing(org)),
    'complete', cardinality(private.tax_profile_missing(org)) = 0);
end;
$$;
comment on function public.update_tax_profile(jsonb) is
  'Settings (settings.manage): saves the seller tax profile {legal_name_ar, legal_name_en?, vat_number, commercial_registration, address: {street, building_number, additional_number?, district, city, postal_code, region?}}; each malformed field is a 400 with its key (vat_number_invalid, commercial_registration_invalid, building_number_invalid, additional_number_invalid, postal_code_invalid, tax_legal_name_invalid, tax_legal_name_too_long, address_invalid). Returns the profile with complete and missing.';
revoke all on function public.update_tax_profile(jsonb) from public;
grant execute on function public.update_tax_profile(jsonb) to authenticated;
