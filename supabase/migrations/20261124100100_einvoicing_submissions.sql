-- ZATCA e-invoicing (issue 11): each issued document's submission to ZATCA, reporting (simplified
-- documents, within 24 hours) or clearance (standard documents, before they are shared), with its
-- state, attempts, the answer's validation messages and a short history. Failures are kept and
-- retried, never lost. Staff who may read invoices see their organisation's submissions; only the
-- service role (edge function zatca) writes them, through the RPCs below.
create table public.einvoicing_submissions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- Null only for onboarding compliance checks (sample documents, not invoices).
  invoice_id uuid,
  kind text not null check (kind in ('reporting', 'clearance', 'compliance')),
  -- queued (waiting) → submitted (claimed by a worker, in flight) → reported / cleared (accepted),
  -- rejected (ZATCA refused the document: needs a correction, no automatic retry) or failed
  -- (network, 5xx, no CSID yet…: retried with back-off at next_attempt_at).
  status text not null default 'queued'
    check (status in ('queued', 'submitted', 'reported', 'cleared', 'rejected', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A claimed submission belongs to its worker until then; afterwards another worker may take it.
  locked_until timestamptz,
  last_attempt_at timestamptz,
  completed_at timestamptz,
  http_status integer,
  -- What was sent (never credentials): {endpoint, invoice_hash, uuid, icv, …}.
  request jsonb,
  -- ZATCA's answer (validationResults, reportingStatus / clearanceStatus), without clearedInvoice.
  response jsonb,
  warnings jsonb not null default '[]'::jsonb,
  errors jsonb not null default '[]'::jsonb,
  last_error text check (last_error is null or length(last_error) <= 4000),
  -- The last attempts: [{at, status, http_status, errors, warnings, error}], newest last, at most 20.
  history jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint einvoicing_submissions_invoice_fkey foreign key (organization_id, invoice_id)
    references public.invoices (organization_id, id) on delete cascade,
  constraint einvoicing_submissions_invoice_required check ((kind = 'compliance') = (invoice_id is null)),
  -- One submission per document and kind (compliance rows have no invoice: nulls never collide).
  constraint einvoicing_submissions_invoice_kind_key unique (invoice_id, kind)
);
comment on table public.einvoicing_submissions is
  'ZATCA reporting/clearance of each issued document: state, attempts, validation messages, history. Read by invoices.read; written by the service role.';
create index einvoicing_submissions_org_status_idx on public.einvoicing_submissions (organization_id, status);
create index einvoicing_submissions_org_invoice_idx on public.einvoicing_submissions (organization_id, invoice_id);
-- The worker's queue: due submissions that are waiting or failed.
create index einvoicing_submissions_due_idx on public.einvoicing_submissions (next_attempt_at)
  where status in ('queued', 'failed', 'submitted');

alter table public.einvoicing_submissions enable row level security;
revoke all on public.einvoicing_submissions from anon, authenticated;
grant select on public.einvoicing_submissions to authenticated;
grant select, insert, update, delete on public.einvoicing_submissions to service_role;

create policy einvoicing_submissions_select on public.einvoicing_submissions for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('invoices.read'))::uuid[]));
comment on policy einvoicing_submissions_select on public.einvoicing_submissions is
  'Staff who may read invoices see their organisation''s ZATCA submissions (the super administrator all); nobody else.';

create trigger einvoicing_submissions_touch before update on public.einvoicing_submissions
  for each row execute function private.touch_updated_at();

-- Mirrors a submission's state on its invoice (zatca_status, zatca_submitted_at); the service role is
-- a trusted caller, so the invoice guards let it write these fields.
create function private.einvoicing_mirror_status(invoice uuid, state text, accepted_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
begin
  update public.invoices i
     set zatca_status = state,
         zatca_submitted_at = coalesce(accepted_at, i.zatca_submitted_at)
   where i.id = invoice and i.zatca_status is distinct from state;
end;
$$;
comment on function private.einvoicing_mirror_status(uuid, text, timestamptz) is
  'Copies a ZATCA submission''s status onto its invoice (zatca_status, zatca_submitted_at when accepted); service role only.';
revoke all on function private.einvoicing_mirror_status(uuid, text, timestamptz) from public;
grant execute on function private.einvoicing_mirror_status(uuid, text, timestamptz) to service_role;

-- The invoice's zatca_status may now also say queued or submitted (in flight).
alter table public.invoices drop constraint invoices_zatca_status_check;
alter table public.invoices add constraint invoices_zatca_status_check
  check (zatca_status in ('not_submitted', 'queued', 'submitted', 'reported', 'cleared', 'rejected', 'failed'));

-- A worker claims due submissions (queued, failed and due, or submitted whose lease ran out):
-- oldest document first, skipping rows another worker holds, so two workers never take the same.
create function public.einvoicing_claim(batch_size integer default 10, lease_seconds integer default 300,
                                        organization_id uuid default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  claimed jsonb;
begin
  if batch_size is null or batch_size < 1 or batch_size > 100 or lease_seconds is null
     or lease_seconds < 10 or lease_seconds > 3600 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  with due as (
    select s.id
    from public.einvoicing_submissions s
    join public.invoices i on i.id = s.invoice_id
    where s.kind <> 'compliance'
      and (organization_id is null or s.organization_id = organization_id)
      and s.next_attempt_at <= now()
      and (s.status in ('queued', 'failed') or (s.status = 'submitted' and s.locked_until <= now()))
    order by s.organization_id, i.sequence_number, s.created_at
    limit batch_size
    for update of s skip locked
  ), taken as (
    update public.einvoicing_submissions s
       set status = 'submitted', attempts = s.attempts + 1, last_attempt_at = now(),
           locked_until = now() + make_interval(secs => lease_seconds)
      from due where s.id = due.id
    returning s.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'submission_id', t.id, 'invoice_id', t.invoice_id, 'organization_id', t.organization_id,
           'kind', t.kind, 'attempts', t.attempts, 'locked_until', t.locked_until,
           'invoice_number', i.invoice_number, 'invoice_kind', i.invoice_kind,
           'zatca_uuid', i.zatca_uuid, 'zatca_invoice_counter', i.zatca_invoice_counter,
           'zatca_invoice_hash', i.zatca_invoice_hash)
         order by t.organization_id, i.sequence_number), '[]'::jsonb)
    into claimed
    from taken t join public.invoices i on i.id = t.invoice_id;
  perform private.einvoicing_mirror_status(x.invoice_id, 'submitted', null)
    from jsonb_to_recordset(claimed) as x(invoice_id uuid);
  return claimed;
end;
$$;
comment on function public.einvoicing_claim(integer, integer, uuid) is
  'Service role (edge function zatca): claims up to batch_size due submissions (queued, failed and due, or submitted with an expired lease), oldest document first, marks them submitted and leased; returns [{submission_id, invoice_id, organization_id, kind, attempts, locked_until, invoice_number, invoice_kind, zatca_uuid, zatca_invoice_counter, zatca_invoice_hash}] (a counter means the document is signed already: resubmit the stored XML).';
revoke all on function public.einvoicing_claim(integer, integer, uuid) from public, anon, authenticated;
grant execute on function public.einvoicing_claim(integer, integer, uuid) to service_role;

-- Records the outcome of an attempt: reported / cleared (accepted), rejected (refused by ZATCA,
-- not retried automatically), failed (retried with back-off 1, 5, 15, 60 minutes, then every 6
-- hours), or queued (put back without counting as a failure, e.g. no production CSID yet).
create function public.einvoicing_record_attempt(submission_id uuid, outcome text, http_status integer default null,
                                                 response jsonb default null, request jsonb default null,
                                                 error text default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  s public.einvoicing_submissions;
  results jsonb := coalesce(response -> 'validationResults', '{}'::jsonb);
  found_warnings jsonb;
  found_errors jsonb;
  backoff interval;
begin
  if outcome is null or outcome not in ('reported', 'cleared', 'rejected', 'failed', 'queued') then
    perform private.fail('Please check your input and try again.', 'einvoicing_outcome_invalid', '22023');
  end if;
  select * into s from public.einvoicing_submissions x where x.id = submission_id for update;
  if s.id is null then
    perform private.fail('Not found', 'not_found', 'PT404');
  end if;
  found_warnings := case when jsonb_typeof(results -> 'warningMessages') = 'array' then results -> 'warningMessages'
                         else '[]'::jsonb end;
  found_errors := case when jsonb_typeof(results -> 'errorMessages') = 'array' then results -> 'errorMessages'
                       when jsonb_typeof(response -> 'errors') = 'array' then response -> 'errors'
                       else '[]'::jsonb end;
  backoff := case when s.attempts <= 1 then interval '1 minute' when s.attempts = 2 then interval '5 minutes'
                  when s.attempts = 3 then interval '15 minutes' when s.attempts = 4 then interval '1 hour'
                  else interval '6 hours' end;
  update public.einvoicing_submissions x set
    status = outcome,
    http_status = einvoicing_record_attempt.http_status,
    request = coalesce(einvoicing_record_attempt.request, x.request),
    response = einvoicing_record_attempt.response - 'clearedInvoice',
    warnings = found_warnings,
    errors = found_errors,
    last_error = left(error, 4000),
    locked_until = null,
    completed_at = case when outcome in ('reported', 'cleared') then now() end,
    next_attempt_at = case when outcome = 'failed' then now() + backoff else now() end,
    history = (select coalesce(jsonb_agg(h order by n), '[]'::jsonb) from (
                 select h, n from jsonb_array_elements(x.history || jsonb_build_array(jsonb_build_object(
                   'at', now(), 'status', outcome, 'http_status', einvoicing_record_attempt.http_status,
                   'errors', found_errors, 'warnings', found_warnings, 'error', left(error, 500))))
                   with ordinality as e(h, n)
                 order by n desc limit 20) last)
  where x.id = s.id
  returning * into s;
  if s.invoice_id is not null then
    perform private.einvoicing_mirror_status(s.invoice_id, outcome,
                                             case when outcome in ('reported', 'cleared') then now() end);
  end if;
  return to_jsonb(s);
end;
$$;
comment on function public.einvoicing_record_attempt(uuid, text, integer, jsonb, jsonb, text) is
  'Service role (edge function zatca): records an attempt''s outcome (reported | cleared | rejected | failed | queued), ZATCA''s answer (validationResults'' warnings and errors are extracted; clearedInvoice is not stored), the request summary and an error text; failed ones are retried with back-off; mirrors the status on the invoice. Returns the submission.';
revoke all on function public.einvoicing_record_attempt(uuid, text, integer, jsonb, jsonb, text) from public, anon, authenticated;
grant execute on function public.einvoicing_record_attempt(uuid, text, integer, jsonb, jsonb, text) to service_role;

-- Puts an issued document (back) in the queue now: the first submission of a document issued
-- before e-invoicing existed, or a retry staff asked for (the edge function checks their rights).
create function public.einvoicing_queue(invoice_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invoices;
  s public.einvoicing_submissions;
begin
  select * into inv from public.invoices i where i.id = invoice_id;
  if inv.id is null then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  if inv.issued_at is null or inv.status = 'draft' then
    perform private.fail('Issue the invoice before sending it to ZATCA', 'invoice_draft', 'PT409');
  end if;
  insert into public.einvoicing_submissions as x (organization_id, invoice_id, kind)
  values (inv.organization_id, inv.id, case when inv.invoice_kind = 'standard' then 'clearance' else 'reporting' end)
  on conflict on constraint einvoicing_submissions_invoice_kind_key do update
    set status = case when x.status in ('reported', 'cleared') then x.status else 'queued' end,
        next_attempt_at = now(), locked_until = null
  returning * into s;
  perform private.einvoicing_mirror_status(inv.id, s.status, null);
  return to_jsonb(s);
end;
$$;
comment on function public.einvoicing_queue(uuid) is
  'Service role (edge function zatca): queues an issued document for reporting/clearance now (a retry of a failed or rejected one; an accepted one stays accepted). Returns the submission.';
revoke all on function public.einvoicing_queue(uuid) from public, anon, authenticated;
grant execute on function public.einvoicing_queue(uuid) to service_role;
