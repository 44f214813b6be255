-- ZATCA Phase 1 QR code (issue 11), computed in the database when a document is issued and stored
-- in invoices.zatca_qr_payload: the Base64 of TLV records (ZATCA Security Features Implementation
-- Standards §4.1): per value one tag byte, one length byte (the UTF-8 byte count) and the UTF-8
-- bytes. Tags 1–5: seller name, VAT number, timestamp, total with VAT, VAT total. Once the edge
-- function signs the document, it replaces the payload with the Phase 2 QR (tags 1–9).
--
-- A length is one byte; we refuse values over 127 bytes like the Deno library does (lengths of
-- 128–255 bytes are read differently by some readers), so a QR never comes out ambiguous.
create function private.zatca_tlv(tag integer, value text)
returns bytea
language plpgsql
immutable
set search_path = ''
as $$
declare
  bytes bytea := convert_to(coalesce(value, ''), 'UTF8');
begin
  if tag < 1 or tag > 255 or octet_length(bytes) > 127 then
    raise exception using message = format('QR value of tag %s is too long (%s bytes; at most 127)', tag, octet_length(bytes)),
      hint = 'zatca_qr_value_too_long', errcode = '22023';
  end if;
  return decode(lpad(to_hex(tag), 2, '0') || lpad(to_hex(octet_length(bytes)), 2, '0'), 'hex') || bytes;
end;
$$;
comment on function private.zatca_tlv(integer, text) is
  'One TLV record of the ZATCA QR: tag byte, UTF-8 length byte, UTF-8 value (values over 127 bytes are refused).';
revoke all on function private.zatca_tlv(integer, text) from public;
grant execute on function private.zatca_tlv(integer, text) to authenticated, service_role;

-- Base64 (standard alphabet, padded, no line breaks: Postgres' encode() wraps every 76 characters).
create function private.zatca_phase1_qr(seller_name text, vat_number text, issued text, total text, vat_total text)
returns text
language sql
immutable
set search_path = ''
as $$
  select replace(encode(private.zatca_tlv(1, seller_name) || private.zatca_tlv(2, vat_number)
                        || private.zatca_tlv(3, issued) || private.zatca_tlv(4, total)
                        || private.zatca_tlv(5, vat_total), 'base64'), E'\n', '')
$$;
comment on function private.zatca_phase1_qr(text, text, text, text, text) is
  'ZATCA Phase 1 QR payload: Base64 of the TLV records of tags 1–5 (seller name, VAT number, timestamp, total with VAT, VAT total).';
revoke all on function private.zatca_phase1_qr(text, text, text, text, text) from public;
grant execute on function private.zatca_phase1_qr(text, text, text, text, text) to authenticated, service_role;
