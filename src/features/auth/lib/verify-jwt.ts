/**
 * Verifies an access token's signature against a JWKS with WebCrypto, for the diagnostics
 * screen. Each failure has the SPEC §8 wording: "JWKS is empty", "No matching signing key found
 * in JWKS", "Invalid JWT signature". HS256 tokens cannot be checked in a browser (the secret is
 * never published): that is reported as such, not as a failure.
 */
export interface Jwk extends JsonWebKey {
  kid?: string;
  alg?: string;
}
export interface Jwks {
  keys?: Jwk[];
}

export type JwtCheck =
  | { ok: true; header: Record<string, unknown>; claims: Record<string, unknown>; kid: string | null; alg: string }
  | {
      ok: false;
      problem: 'malformed' | 'jwks_empty' | 'no_matching_key' | 'invalid_signature' | 'symmetric' | 'unsupported_alg';
      alg?: string;
    };

function base64UrlToBytes(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function decodeSegment(part: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(part)));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const ALGORITHMS: Record<
  string,
  { import: EcKeyImportParams | RsaHashedImportParams; verify: EcdsaParams | AlgorithmIdentifier }
> = {
  ES256: { import: { name: 'ECDSA', namedCurve: 'P-256' }, verify: { name: 'ECDSA', hash: 'SHA-256' } },
  RS256: { import: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, verify: { name: 'RSASSA-PKCS1-v1_5' } },
};

export async function verifyJwtWithJwks(token: string, jwks: Jwks): Promise<JwtCheck> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [rawHeader = '', rawPayload = '', rawSignature = ''] = parts;
  const header = decodeSegment(rawHeader);
  const claims = decodeSegment(rawPayload);
  if (!header || !claims) return { ok: false, problem: 'malformed' };
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (alg.startsWith('HS')) return { ok: false, problem: 'symmetric', alg };
  const algorithm = ALGORITHMS[alg];
  if (!algorithm) return { ok: false, problem: 'unsupported_alg', alg };
  const keys = jwks.keys ?? [];
  if (keys.length === 0) return { ok: false, problem: 'jwks_empty', alg };
  const kid = typeof header.kid === 'string' ? header.kid : null;
  const jwk = keys.find((key) => (kid ? key.kid === kid : key.alg === alg));
  if (!jwk) return { ok: false, problem: 'no_matching_key', alg };
  try {
    // Only the public members: a JWKS entry may carry key_ops that forbid import for "verify".
    const { kty, crv, x, y, n, e } = jwk;
    const key = await crypto.subtle.importKey('jwk', { kty, crv, x, y, n, e }, algorithm.import, false, ['verify']);
    const valid = await crypto.subtle.verify(
      algorithm.verify,
      key,
      base64UrlToBytes(rawSignature),
      new TextEncoder().encode(`${rawHeader}.${rawPayload}`),
    );
    return valid ? { ok: true, header, claims, kid, alg } : { ok: false, problem: 'invalid_signature', alg };
  } catch {
    return { ok: false, problem: 'invalid_signature', alg };
  }
}
