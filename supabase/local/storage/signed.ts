/**
 * Signed URLs. Tokens are HS256 JWTs signed with the project JWT secret, payload
 * `{url: "<bucket>/<name>", iat, exp}` (+ `owner`, `upsert` for upload tokens), like storage-api;
 * whoever holds one reads (or uploads) that one object without any other credential.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { RequestContext } from '../types';
import { findBucket, ownerOf, type StorageContext } from './context';
import { storageErrors } from './errors';
import { readObjectRow } from './objects';
import { assertKey } from './rows';
import { probeWrite, uploadObject } from './upload';

const UPLOAD_TOKEN_SECONDS = 2 * 60 * 60;

interface SignedPayload extends JWTPayload {
  url: string;
  owner?: string;
  upsert?: boolean;
  scope?: 'download' | 'upload';
}

function secret(c: StorageContext) {
  return new TextEncoder().encode(c.deps.keys.jwtSecret);
}

async function sign(c: StorageContext, payload: Omit<SignedPayload, 'iat' | 'exp'>, expiresIn: number) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secret(c));
}

async function verify(c: StorageContext, token: string | null, url: string): Promise<SignedPayload> {
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'");
  let payload: SignedPayload;
  try {
    ({ payload } = await jwtVerify<SignedPayload>(token, secret(c), { algorithms: ['HS256'] }));
  } catch (err) {
    const message = (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'jwt expired' : 'invalid signature';
    throw storageErrors.invalidJwt(message);
  }
  if (payload.url !== url) throw storageErrors.invalidSignature();
  return payload;
}

function expiresInOf(body: { expiresIn?: unknown }): number {
  const expiresIn = Number(body.expiresIn);
  if (!Number.isFinite(expiresIn) || expiresIn < 1) {
    throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  }
  return Math.floor(expiresIn);
}

function refuseTransform(body: { transform?: unknown }) {
  if (body.transform && typeof body.transform === 'object' && Object.keys(body.transform).length > 0) {
    throw storageErrors.transformationsDisabled();
  }
}

/** POST /object/sign/{bucket}/{name}: the caller must be able to SELECT the object. */
export async function createSignedUrl(
  c: StorageContext,
  caller: RequestContext,
  bucketId: string,
  name: string,
  body: { expiresIn?: unknown; transform?: unknown },
) {
  refuseTransform(body);
  const expiresIn = expiresInOf(body);
  await readObjectRow(c, caller, bucketId, name);
  const url = `${bucketId}/${name}`;
  const token = await sign(c, { url }, expiresIn);
  return { signedURL: `/object/sign/${url}?token=${token}` };
}

/** POST /object/sign/{bucket} {expiresIn, paths}: one entry per path, errors inline. */
export async function createSignedUrls(
  c: StorageContext,
  caller: RequestContext,
  bucketId: string,
  body: { expiresIn?: unknown; paths?: unknown },
) {
  const expiresIn = expiresInOf(body);
  if (!Array.isArray(body.paths) || body.paths.some((p) => typeof p !== 'string')) {
    throw storageErrors.invalidRequest('body/paths must be an array of strings');
  }
  const paths = body.paths as string[];
  const visible = await Promise.all(
    paths.map((p) =>
      readObjectRow(c, caller, bucketId, p).then(
        () => true,
        () => false,
      ),
    ),
  );
  return Promise.all(
    paths.map(async (path, i) => {
      if (!visible[i]) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const url = `${bucketId}/${path}`;
      const token = await sign(c, { url }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
}

/** GET /object/sign/{bucket}/{name}?token=…: trusts the token, not the caller. */
export async function readSigned(c: StorageContext, bucketId: string, name: string, token: string | null) {
  const payload = await verify(c, token, `${bucketId}/${name}`);
  if (payload.scope === 'upload' || payload.owner !== undefined) throw storageErrors.invalidSignature();
  return readObjectRow(c, null, bucketId, name);
}

/**
 * POST /object/upload/sign/{bucket}/{name}: like storage-api's canUpload, the caller's INSERT
 * (and, with upsert, UPDATE) is tried in a transaction that is rolled back, so RLS decides now.
 */
export async function createSignedUploadUrl(
  c: StorageContext,
  caller: RequestContext,
  bucketId: string,
  name: string,
  upsert: boolean,
) {
  assertKey(name);
  await findBucket(c, bucketId);
  await probeWrite(c, caller, bucketId, name, upsert ? 'upsert' : 'create', ownerOf(caller), {});
  const url = `${bucketId}/${name}`;
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
  const token = await sign(c, { url, upsert, ...(sub ? { owner: sub } : {}), scope: 'upload' }, UPLOAD_TOKEN_SECONDS);
  return { url: `/object/upload/sign/${url}?token=${token}`, token };
}

/** PUT /object/upload/sign/{bucket}/{name}?token=…: stores as the token's owner. */
export async function uploadSigned(
  c: StorageContext,
  req: Request,
  bucketId: string,
  name: string,
  token: string | null,
) {
  const payload = await verify(c, token, `${bucketId}/${name}`);
  if (payload.scope !== 'upload') throw storageErrors.invalidSignature();
  const ownerId = payload.owner ?? null;
  const isUuid = ownerId !== null && /^[0-9a-f-]{36}$/i.test(ownerId);
  const result = await uploadObject(c, req, bucketId, name, {
    mode: payload.upsert ? 'upsert' : 'create',
    caller: { role: 'service_role', claims: { role: 'service_role' } },
    owner: { owner: isUuid ? ownerId : null, owner_id: ownerId },
  });
  return { Key: result.key, Id: result.id };
}
