-- Browsers send guest messages through send_message() (20261129500600), which checks every
-- refusal (opted-out guest, phone, length, the WhatsApp window…) before the messaging function
-- sends the row. A row a browser inserts directly (still allowed by messages_insert: the history
-- and Realtime tests write one) must never be sent past those checks: it keeps status queued but
-- is held — its lease never ends, so message_claim, messages_due and the retry job leave it alone.
create or replace function private.messages_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  new.direction := 'outbound';
  new.status := 'queued';
  new.provider_message_id := null;
  new.sent_at := null;
  new.error := null;
  new.sent_by := auth.uid();
  new.attempts := 0;
  new.next_attempt_at := null;
  new.locked_until := 'infinity';
  new.delivered_at := null;
  new.read_at := null;
  new.failed_at := null;
  new.seen_at := null;
  new.whatsapp_template := null;
  return new;
end;
$$;
comment on function private.messages_guard() is
  'BEFORE INSERT trigger on messages: a browser''s row is an unsent outbound message with no delivery state of its own, held (never sent): browsers send through send_message().';
