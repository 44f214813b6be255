/**
 * ZATCA's QR payload (Phase 1 tags 1–5; Phase 2 adds 6–9): Base64 of tag byte, length byte (UTF-8
 * bytes), value ([SEC] §4.1). Decoded here so the page can show what the code carries and tests
 * can prove it carries the invoice's own numbers.
 */
export interface QrFields {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vat: string;
  /** Tags 6–9 (hash, signature, public key, certificate signature) once the document is signed. */
  signed: boolean;
}

export function decodeTlv(base64: string): Map<number, Uint8Array> {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const fields = new Map<number, Uint8Array>();
  let offset = 0;
  while (offset + 2 <= bytes.length) {
    const tag = bytes[offset]!;
    const length = bytes[offset + 1]!;
    if (offset + 2 + length > bytes.length) throw new Error('QR payload is truncated');
    fields.set(tag, bytes.slice(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  if (offset !== bytes.length) throw new Error('QR payload is truncated');
  return fields;
}

export function decodeQrPayload(base64: string): QrFields {
  const fields = decodeTlv(base64);
  const text = (tag: number) => new TextDecoder().decode(fields.get(tag) ?? new Uint8Array());
  return {
    sellerName: text(1),
    vatNumber: text(2),
    timestamp: text(3),
    total: text(4),
    vat: text(5),
    signed: fields.has(6) && fields.has(7),
  };
}

/** The Phase 1 payload of these fields (for tests and fixtures; the database makes the real one). */
export function encodeQrPayload(values: string[]): string {
  const bytes: number[] = [];
  values.forEach((value, index) => {
    const encoded = new TextEncoder().encode(value);
    if (encoded.length > 255) throw new Error(`QR tag ${index + 1} is too long`);
    bytes.push(index + 1, encoded.length, ...encoded);
  });
  return btoa(String.fromCharCode(...bytes));
}
