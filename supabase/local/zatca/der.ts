/** Just enough DER to take a certificate apart: TBSCertificate, signature algorithm, signatureValue. */
export interface DerElement {
  tag: number;
  /** The whole element (header and content). */
  raw: Buffer;
  content: Buffer;
}

export function readDer(bytes: Buffer, at = 0): DerElement {
  const tag = bytes[at];
  let length = bytes[at + 1];
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('Unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[at + 2 + i];
    header += count;
  }
  if (at + header + length > bytes.length) throw new Error('DER element runs past the end');
  return {
    tag,
    raw: bytes.subarray(at, at + header + length),
    content: bytes.subarray(at + header, at + header + length),
  };
}

export function derChildren(element: DerElement): DerElement[] {
  const out: DerElement[] = [];
  for (let at = 0; at < element.content.length;) {
    const child = readDer(element.content, at);
    out.push(child);
    at += child.raw.length;
  }
  return out;
}

/** The parts of an X.509 certificate: TBS (as signed) and the signature value (DER ECDSA-Sig-Value). */
export function certificateParts(der: Buffer): { tbs: Buffer; signatureValue: Buffer } {
  const [tbs, , signature] = derChildren(readDer(der));
  if (!tbs || !signature || signature.tag !== 0x03) throw new Error('Not an X.509 certificate');
  return { tbs: tbs.raw, signatureValue: signature.content.subarray(1) }; // BIT STRING: skip unused-bits byte
}
