/**
 * ZATCA QR TLV on the Node side (written apart from the Deno producer, so the verifier and the sandbox
 * check it rather than share its mistakes): tag byte, one length byte (UTF-8 bytes), value; Base64.
 */
export const QR_TAGS = {
  1: 'seller name',
  2: 'VAT number',
  3: 'timestamp',
  4: 'total with VAT',
  5: 'VAT total',
  6: 'invoice hash',
  7: 'signature',
  8: 'public key',
  9: 'certificate signature',
} as const;

export function decodeTlv(base64: string): Map<number, Buffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) throw new Error('QR is not Base64');
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let at = 0; at < bytes.length;) {
    if (at + 2 > bytes.length) throw new Error('QR TLV is truncated');
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (at + 2 + length > bytes.length) throw new Error(`QR tag ${tag} runs past the end`);
    if (tags.has(tag)) throw new Error(`QR tag ${tag} appears twice`);
    tags.set(tag, bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return tags;
}

export function encodeTlv(records: Array<[number, string | Buffer]>): string {
  return Buffer.concat(
    records.map(([tag, value]) => {
      const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
      if (bytes.length === 0 || bytes.length > 127) throw new Error(`QR tag ${tag} must be 1 to 127 bytes`);
      return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
    }),
  ).toString('base64');
}
