import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  JwtError,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  jwtForRole,
  loadOrCreateKeys,
  postgrestJwtSecret,
  roleForApiKey,
  signJwt,
  verifyJwt,
} from './keys';

// The CLI's well-known local keys, as `supabase status` prints them.
const CLI_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const CLI_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadOrCreateKeys', () => {
  it('uses the CLI local defaults for the legacy and sb_ keys', async () => {
    const keys = await loadOrCreateKeys(null);
    expect(keys.jwtSecret).toBe('super-secret-jwt-token-with-at-least-32-characters-long');
    expect(keys.anonKey).toBe(CLI_ANON_KEY);
    expect(keys.serviceRoleKey).toBe(CLI_SERVICE_ROLE_KEY);
    expect(keys.publishableKey).toBe(LOCAL_PUBLISHABLE_KEY);
    expect(keys.secretKey).toBe(LOCAL_SECRET_KEY);
    expect(keys.jwks.keys).toHaveLength(1);
    expect(keys.jwks.keys[0]).not.toHaveProperty('d');
    expect(keys.jwks.keys[0]!.kid).toBe(keys.signingJwk.kid);
  });

  it('generates a new EC key per in-memory stack', async () => {
    const a = await loadOrCreateKeys(null);
    const b = await loadOrCreateKeys(null);
    expect(a.signingJwk.kid).not.toBe(b.signingJwk.kid);
  });

  it('persists the EC key in dataDir/keys.json and reloads it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nuzl-keys-'));
    dirs.push(dir);
    const first = await loadOrCreateKeys(path.join(dir, 'nested'));
    const onDisk = JSON.parse(await readFile(path.join(dir, 'nested', 'keys.json'), 'utf8'));
    expect(onDisk.signingJwk.kid).toBe(first.signingJwk.kid);
    const second = await loadOrCreateKeys(path.join(dir, 'nested'));
    expect(second).toEqual(first);
  });
});

describe('signJwt / verifyJwt', () => {
  it('signs ES256 with the kid and verifies against the published JWKS', async () => {
    const keys = await loadOrCreateKeys(null);
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({ sub: 'u1', role: 'authenticated', iat: now, exp: now + 60 }, keys);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: keys.signingJwk.kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks));
    expect(payload.sub).toBe('u1');
    expect((await verifyJwt(token, keys)).role).toBe('authenticated');
  });

  it('verifies the legacy HS256 keys', async () => {
    const keys = await loadOrCreateKeys(null);
    expect((await verifyJwt(keys.anonKey, keys)).role).toBe('anon');
  });

  it('refuses a token signed by another stack with a typed error', async () => {
    const a = await loadOrCreateKeys(null);
    const b = await loadOrCreateKeys(null);
    const token = await signJwt({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 }, a);
    await expect(verifyJwt(token, b)).rejects.toMatchObject({ name: 'JwtError', reason: 'unknown_key' });
    // Same kid, different key: a forged signature.
    const forged = await signJwt(
      { sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 },
      { ...b, signingJwk: { ...b.signingJwk, kid: a.signingJwk.kid } },
    );
    await expect(verifyJwt(forged, a)).rejects.toMatchObject({ reason: 'invalid_signature' });
  });

  it('refuses expired tokens and bad HS256 signatures', async () => {
    const keys = await loadOrCreateKeys(null);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await signJwt({ sub: 'x', exp: past }, keys);
    const err = await verifyJwt(expired, keys).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JwtError);
    expect((err as JwtError).reason).toBe('expired');
    const wrongSecret = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    await expect(verifyJwt(wrongSecret, keys)).rejects.toMatchObject({ reason: 'invalid_signature' });
    await expect(verifyJwt('not-a-jwt', keys)).rejects.toMatchObject({ reason: 'malformed' });
  });
});

describe('roleForApiKey / jwtForRole / postgrestJwtSecret', () => {
  it('maps sb_ keys and legacy JWT keys to roles', async () => {
    const keys = await loadOrCreateKeys(null);
    expect(roleForApiKey(keys.publishableKey, keys)).toBe('anon');
    expect(roleForApiKey(keys.secretKey, keys)).toBe('service_role');
    expect(roleForApiKey(keys.anonKey, keys)).toBe('anon');
    expect(roleForApiKey(keys.serviceRoleKey, keys)).toBe('service_role');
    expect(roleForApiKey('sb_secret_wrong', keys)).toBeNull();
    expect(roleForApiKey(keys.anonKey.slice(0, -2) + 'xx', keys)).toBeNull();
    expect(roleForApiKey(undefined, keys)).toBeNull();
    // A user access token is not an API key.
    const userToken = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, keys);
    expect(roleForApiKey(userToken, keys)).toBeNull();
  });

  it('forwards the legacy JWT of the role', async () => {
    const keys = await loadOrCreateKeys(null);
    expect(jwtForRole('anon', keys)).toBe(keys.anonKey);
    expect(jwtForRole('service_role', keys)).toBe(keys.serviceRoleKey);
  });

  it('builds a JWKS with the EC public key and the HS256 secret', async () => {
    const keys = await loadOrCreateKeys(null);
    const jwks = JSON.parse(postgrestJwtSecret(keys));
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', kid: keys.signingJwk.kid });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(Buffer.from(jwks.keys[1].k, 'base64url').toString()).toBe(keys.jwtSecret);
  });
});
