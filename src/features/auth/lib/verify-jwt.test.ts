import { beforeAll, describe, expect, it } from 'vitest';
import { verifyJwtWithJwks, type Jwk } from './verify-jwt';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const bytesToBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

let privateKey: CryptoKey;
let publicJwk: Jwk;

async function sign(header: Record<string, unknown>, claims: Record<string, unknown>, key = privateKey) {
  const input = `${encode(header)}.${encode(claims)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(input));
  return `${input}.${bytesToBase64Url(signature)}`;
}

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  privateKey = pair.privateKey;
  publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'key-1', alg: 'ES256' };
});

describe('verifyJwtWithJwks', () => {
  const claims = { sub: 'u1', role: 'authenticated', aal: 'aal1' };

  it('accepts a token signed by the key the JWKS publishes', async () => {
    const token = await sign({ alg: 'ES256', kid: 'key-1', typ: 'JWT' }, claims);
    const result = await verifyJwtWithJwks(token, { keys: [publicJwk] });
    expect(result).toMatchObject({ ok: true, kid: 'key-1', alg: 'ES256', claims });
  });

  it('"Invalid JWT signature" when the payload was changed', async () => {
    const token = await sign({ alg: 'ES256', kid: 'key-1' }, claims);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${encode({ ...claims, role: 'service_role' })}.${signature}`;
    expect(await verifyJwtWithJwks(forged, { keys: [publicJwk] })).toEqual({
      ok: false,
      problem: 'invalid_signature',
      alg: 'ES256',
    });
  });

  it('"Invalid JWT signature" when another key signed it under the same kid', async () => {
    const other = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const token = await sign({ alg: 'ES256', kid: 'key-1' }, claims, other.privateKey);
    expect(await verifyJwtWithJwks(token, { keys: [publicJwk] })).toMatchObject({
      ok: false,
      problem: 'invalid_signature',
    });
  });

  it('"JWKS is empty"', async () => {
    const token = await sign({ alg: 'ES256', kid: 'key-1' }, claims);
    expect(await verifyJwtWithJwks(token, { keys: [] })).toMatchObject({ ok: false, problem: 'jwks_empty' });
    expect(await verifyJwtWithJwks(token, {})).toMatchObject({ ok: false, problem: 'jwks_empty' });
  });

  it('"No matching signing key found in JWKS"', async () => {
    const token = await sign({ alg: 'ES256', kid: 'rotated-away' }, claims);
    expect(await verifyJwtWithJwks(token, { keys: [publicJwk] })).toMatchObject({
      ok: false,
      problem: 'no_matching_key',
    });
  });

  it('reports HS256 tokens as not verifiable in the browser, and garbage as malformed', async () => {
    expect(
      await verifyJwtWithJwks(`${encode({ alg: 'HS256' })}.${encode(claims)}.sig`, { keys: [publicJwk] }),
    ).toMatchObject({
      ok: false,
      problem: 'symmetric',
    });
    expect(await verifyJwtWithJwks('not-a-jwt', { keys: [publicJwk] })).toEqual({ ok: false, problem: 'malformed' });
  });
});
