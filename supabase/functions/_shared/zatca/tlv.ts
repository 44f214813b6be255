// ZATCA QR payload: Base64 of concatenated TLV records ([SEC] §4.1): tag = 1 byte, length = 1 byte
// holding the UTF-8 byte length of the value, value = the bytes. Phase 1 carries tags 1–5 (text);
// Phase 2 adds 6–9 (hash and signature as Base64 text, public key and certificate signature as raw
// DER). Lengths are capped at 127 bytes: the standard allows one unsigned byte, but values of
// 128–255 bytes are read as BER lengths by some validators (docs/zatca.md), so they are refused.
import { concat, fromBase64, fromUtf8, toBase64, utf8 } from './bytes.ts';

export const MAX_TLV_VALUE_BYTES = 127;

export const QR_TAG_NAMES: Record<number, string> = {
  1: 'seller name',
  2: 'VAT number',
  3: 'timestamp',
  4: 'total with VAT',
  5: 'VAT total',
  6: 'invoice hash',
  7: 'signature',
  8: 'public key',
  9: 'certificate signature',
};

export class TlvValueTooLongError extends Error {
  constructor(
    readonly tag: number,
    readonly byteLength: number,
  ) {
    super(
      `QR tag ${tag} (${QR_TAG_NAMES[tag] ?? 'unknown'}) is ${byteLength} bytes in UTF-8; the limit is ${MAX_TLV_VALUE_BYTES} bytes` +
        (tag === 1 ? ' (about 63 Arabic letters): use a shorter seller name' : ''),
    );
    this.name = 'TlvValueTooLongError';
  }
}

export type TlvValue = string | Uint8Array;

export function encodeTlv(records: ReadonlyArray<readonly [tag: number, value: TlvValue]>): Uint8Array {
  const parts = records.map(([tag, value]) => {
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new Error(`Invalid TLV tag ${tag}`);
    const bytes = typeof value === 'string' ? utf8(value) : value;
    if (bytes.length === 0) throw new Error(`QR tag ${tag} (${QR_TAG_NAMES[tag] ?? 'unknown'}) is empty`);
    if (bytes.length > MAX_TLV_VALUE_BYTES) throw new TlvValueTooLongError(tag, bytes.length);
    return concat(Uint8Array.of(tag, bytes.length), bytes);
  });
  return concat(...parts);
}

export function decodeTlv(bytes: Uint8Array): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new Error('Truncated TLV record');
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (at + 2 + length > bytes.length) throw new Error(`TLV tag ${tag} runs past the end`);
    if (out.has(tag)) throw new Error(`TLV tag ${tag} appears twice`);
    out.set(tag, bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return out;
}

export interface Phase1QrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, the invoice's own issue date and time (docs/zatca.md: same basis as IssueDate/IssueTime). */
  timestamp: string;
  /** Decimal text with 2 decimals, exactly as on the invoice, e.g. "1150.00". */
  totalWithVat: string;
  vatTotal: string;
}

export function phase1Records(fields: Phase1QrFields): Array<[number, TlvValue]> {
  return [
    [1, fields.sellerName],
    [2, fields.vatNumber],
    [3, fields.timestamp],
    [4, fields.totalWithVat],
    [5, fields.vatTotal],
  ];
}

/** The Phase 1 QR payload (tags 1–5), Base64. */
export function phase1Qr(fields: Phase1QrFields): string {
  return toBase64(encodeTlv(phase1Records(fields)));
}

export interface Phase2QrFields extends Phase1QrFields {
  /** Base64 invoice hash (ds:DigestValue); tag 6 carries its Base64 text. */
  invoiceHash: string;
  /** Base64 DER ECDSA signature (ds:SignatureValue); tag 7 carries its Base64 text. */
  signatureValue: string;
  /** DER SubjectPublicKeyInfo of the signing certificate (tag 8, raw bytes). */
  publicKeySpki: Uint8Array;
  /** DER signature of the certificate by its CA (tag 9): simplified invoices and their notes only. */
  certificateSignature?: Uint8Array;
}

/** The Phase 2 QR payload (tags 1–8, plus 9 when a certificate signature is given), Base64. */
export function phase2Qr(fields: Phase2QrFields): string {
  const records = phase1Records(fields);
  records.push([6, fields.invoiceHash], [7, fields.signatureValue], [8, fields.publicKeySpki]);
  if (fields.certificateSignature) records.push([9, fields.certificateSignature]);
  return toBase64(encodeTlv(records));
}

/** Decodes a QR payload into tag → value; text tags (1–7) as strings, 8–9 as bytes. */
export function decodeQr(payload: string): Map<number, string | Uint8Array> {
  const records = decodeTlv(fromBase64(payload));
  const out = new Map<number, string | Uint8Array>();
  for (const [tag, value] of records) out.set(tag, tag <= 7 ? fromUtf8(value) : value);
  return out;
}
