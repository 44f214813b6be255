-- The guest's invoice link (issue 16): "the e-mail carries the invoice link" and the template
-- variable {{invoice_link}} need a page a guest may open without an account.
--
--   * private.invoice_guest_links: one unguessable token per issued document (invoice, credit or
--     debit note), made when it is issued (trigger) and backfilled for those already issued. The
--     token itself is kept (not a hash, unlike review links) because every invoice message renders
--     it again; the table lives in `private`, so no API role can read or list it.
--   * public.public_invoice(token): the printable tax invoice for that token, in the shape of
--     get_invoice (so the same document component renders it) without what only staff see
--     (payments, the guest's phone and e-mail, ZATCA submission logs, permissions), or null for an
--     unknown token or a document that is not issued. Callable by anon.

create table private.invoice_guest_links (
  invoice_id uuid primary key references public.invoices (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- 244 random bits from two v4 UUIDs (core PostgreSQL, as review links and API keys).
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at timestamptz not null default now()
);
comment on table private.invoice_guest_links is
  'The guest''s link to an issued invoice or note (/invoice/<token>); private schema: no API role reads it, public_invoice answers by token.';
-- RLS with no policy: even a role that could reach the schema reads nothing.
alter table private.invoice_guest_links enable row level security;
revoke all on table private.invoice_guest_links from public;
-- An organisation's links go with it (the foreign key's cascade needs the index).
create index invoice_guest_links_organization_id_idx on private.invoice_guest_links (organization_id);

-- A document gets its link once it is issued (draft → issued, or inserted issued).
create function private.invoices_guest_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.issued_at is not null and new.status <> 'draft' then
    insert into private.invoice_guest_links (invoice_id, organization_id)
    values (new.id, new.organization_id)
    on conflict (invoice_id) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.invoices_guest_link() is 'Gives an issued invoice or note its guest link (idempotent).';
revoke all on function private.invoices_guest_link() from public;

create trigger invoices_guest_link
  after insert or update of issued_at, status on public.invoices
  for each row execute function private.invoices_guest_link();

-- Documents issued before this migration.
insert into private.invoice_guest_links (invoice_id, organization_id)
select i.id, i.organization_id from public.invoices i
 where i.issued_at is not null and i.status <> 'draft'
on conflict (invoice_id) do nothing;

-- The link of a document as messages write it: absolute when the Vault knows the app's address
-- (site_url), else a path that guest-notify completes with its SITE_URL; null without a link.
create function private.invoice_guest_link(invoice uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.message_site_url() || '/invoice/' || l.token
    from private.invoice_guest_links l
    join public.invoices i on i.id = l.invoice_id
   where l.invoice_id = invoice and i.issued_at is not null and i.status <> 'draft'
$$;
comment on function private.invoice_guest_link(uuid) is
  'The guest''s /invoice/<token> link of an issued document (absolute with the Vault site_url), null otherwise.';
revoke all on function private.invoice_guest_link(uuid) from public;

-- The printable invoice behind a guest link, or null. Security definer: the guest has no account;
-- the token (unguessable, 64 hex digits) is the right to read this one document.
create function public.public_invoice(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  document_id uuid;
  doc jsonb;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select i.id into document_id
    from private.invoice_guest_links l
    join public.invoices i on i.id = l.invoice_id
   where l.token = token and i.issued_at is not null and i.status <> 'draft';
  if document_id is null then
    return null;
  end if;
  -- get_invoice runs here as the function's owner: the document, whoever asks; what only staff
  -- see is then taken out or blanked.
  doc := public.get_invoice(document_id);
  return (doc - 'created_by') || jsonb_build_object(
    'payments', null,
    'client', case when doc -> 'client' = 'null'::jsonb or doc -> 'client' is null then null
                   else (doc -> 'client') || jsonb_build_object('phone', null, 'email', null) end,
    'zatca', (doc -> 'zatca') || jsonb_build_object('submissions', '[]'::jsonb),
    'can', jsonb_build_object('write', false, 'pay', false));
end;
$$;
comment on function public.public_invoice(text) is
  'The guest''s invoice link (/invoice/<token>): an issued invoice or note in get_invoice''s shape without payments, contact details, ZATCA logs or permissions; null for an unknown token or a document not issued.';
revoke all on function public.public_invoice(text) from public;
grant execute on function public.public_invoice(text) to anon, authenticated, service_role;
