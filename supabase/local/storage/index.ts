/**
 * `/storage/v1`: the Storage API as storage-js uses it (docs/local-storage-functions.md). Metadata lives in
 * storage.buckets / storage.objects and every query runs as the caller, so RLS decides;
 * bytes live under `<dataDir>/storage/<bucket>/<name>/<version>` (in memory without a dataDir).
 */
import path from 'node:path';
import { BodyTooLarge, readTextCapped } from '../read-capped';
import type { RequestContext, Service, ServiceDeps } from '../types';
import { createBlobStore } from './blob-store';
import {
  applyConfiguredBuckets,
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
  type ConfiguredBucket,
} from './buckets';
import { CallerError, resolveCaller } from './caller';
import { findBucket, type StorageContext } from './context';
import { errorResponse, json, storageErrors } from './errors';
import { isStorableJson, isStorableText, parseSize } from './limits';
import {
  copyObject,
  infoBody,
  listObjects,
  moveObject,
  objectResponse,
  readObjectRow,
  removeObjects,
  removeOne,
} from './objects';
import { uploadObject } from './upload';
import { createSignedUploadUrl, createSignedUrl, createSignedUrls, readSigned, uploadSigned } from './signed';

const DEFAULT_FILE_SIZE_LIMIT = '50MiB';

interface StorageConfig {
  enabled?: boolean;
  file_size_limit?: string | number;
  buckets?: Record<string, ConfiguredBucket>;
}

export function createStorageService(deps: ServiceDeps): Service {
  const config = (deps.config.storage ?? {}) as StorageConfig;
  const c: StorageContext = {
    deps,
    blobs: createBlobStore(deps.dataDir ? path.join(deps.dataDir, 'storage') : null),
    globalFileSizeLimit: parseSize(config.file_size_limit ?? DEFAULT_FILE_SIZE_LIMIT) ?? Infinity,
  };
  // Buckets from config.toml are created on the first request (the database may still be
  // migrating while services are constructed); a failure is reported, then retried.
  let ready: Promise<void> | null = null;
  const ensureReady = () => {
    ready ??= applyConfiguredBuckets(c, config.buckets ?? {}).catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  };

  return {
    async handle(req, ctx) {
      if (config.enabled === false) {
        return json(404, { message: 'Storage is disabled in supabase/config.toml ([storage] enabled = false)' });
      }
      try {
        await ensureReady();
        return await route(c, req, ctx.apikeyRole);
      } catch (err) {
        return errorResponse(err);
      }
    },
  };
}

async function route(c: StorageContext, req: Request, apikeyRole: 'anon' | 'service_role' | null): Promise<Response> {
  const url = new URL(req.url);
  const pathname = url.pathname.replace(/^\/storage\/v1(?=\/)/, '');
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  for (const value of url.searchParams.values())
    if (!isStorableText(value)) throw storageErrors.invalidRequest('Query contains a NUL byte or invalid characters');
  const method = req.method === 'HEAD' ? 'HEAD' : req.method.toUpperCase();
  const [area, ...rest] = segments;

  const caller = async (): Promise<RequestContext> => {
    try {
      const resolved = await resolveCaller(req, apikeyRole, c.deps.keys);
      if (!resolved) throw storageErrors.invalidJwt("headers must have required property 'authorization'");
      return resolved;
    } catch (err) {
      if (err instanceof CallerError) throw storageErrors.invalidJwt(err.message);
      throw err;
    }
  };
  const body = async <T>(): Promise<T> => {
    // JSON bodies are small (1000 prefixes of 1 KiB at most); never buffer more than that.
    const text = await readTextCapped(req, 2 << 20).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) throw storageErrors.invalidRequest('Request body is too large');
      throw err;
    });
    if (!text) return {} as T;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw storageErrors.invalidRequest('Body is not valid JSON');
    }
    // Object names, prefixes and searches in the body: the same rule as in the path.
    if (!isStorableJson(parsed)) throw storageErrors.invalidRequest('Body contains a NUL byte or invalid characters');
    return parsed as T;
  };
  const upsertHeader = () => req.headers.get('x-upsert') === 'true';

  if (area === 'bucket') {
    const [id, action] = rest;
    if (!id && method === 'GET') return json(200, await listBuckets(c, await caller(), url.searchParams));
    if (!id && method === 'POST') return json(200, await createBucket(c, await caller(), await body()));
    if (id && action === 'empty' && method === 'POST') return json(200, await emptyBucket(c, await caller(), id));
    if (id && !action && method === 'GET') return json(200, await getBucket(c, await caller(), id));
    if (id && !action && method === 'PUT') return json(200, await updateBucket(c, await caller(), id, await body()));
    if (id && !action && method === 'DELETE') return json(200, await deleteBucket(c, await caller(), id));
    throw storageErrors.notFound();
  }

  if (area === 'render') throw storageErrors.transformationsDisabled();
  if (area !== 'object') throw storageErrors.notFound();

  const [first, second, ...tail] = rest;
  const objectPath = (parts: (string | undefined)[]) => parts.filter((p): p is string => p !== undefined).join('/');

  switch (first) {
    case 'list':
      if (method === 'POST' && second) return json(200, await listObjects(c, await caller(), second, await body()));
      break;
    case 'list-v2':
      throw storageErrors.invalidRequest('listV2 is not available in the local stack; use list()');
    case 'move':
      if (method === 'POST') return json(200, await moveObject(c, await caller(), await body()));
      break;
    case 'copy':
      if (method === 'POST') return json(200, await copyObject(c, await caller(), await body(), upsertHeader()));
      break;
    case 'sign': {
      if (!second) break;
      const name = objectPath(tail);
      if (method === 'POST' && !name) return json(200, await createSignedUrls(c, await caller(), second, await body()));
      if (method === 'POST') return json(200, await createSignedUrl(c, await caller(), second, name, await body()));
      if (method === 'GET' || method === 'HEAD') {
        const row = await readSigned(c, second, name, url.searchParams.get('token'));
        return objectResponse(c, req, row, method === 'HEAD');
      }
      break;
    }
    case 'upload': {
      if (second !== 'sign' || !tail[0]) break;
      const [bucketId, ...nameParts] = tail;
      const name = objectPath(nameParts);
      if (method === 'POST')
        return json(200, await createSignedUploadUrl(c, await caller(), bucketId, name, upsertHeader()));
      if (method === 'PUT') return json(200, await uploadSigned(c, req, bucketId, name, url.searchParams.get('token')));
      break;
    }
    case 'public': {
      if (!second || (method !== 'GET' && method !== 'HEAD')) break;
      const bucket = await findBucket(c, second);
      if (!bucket.public) throw storageErrors.noSuchBucket();
      const row = await readObjectRow(c, null, second, objectPath(tail));
      return objectResponse(c, req, row, method === 'HEAD');
    }
    case 'authenticated': {
      if (!second || (method !== 'GET' && method !== 'HEAD')) break;
      const row = await readObjectRow(c, await caller(), second, objectPath(tail));
      return objectResponse(c, req, row, method === 'HEAD');
    }
    case 'info': {
      // /object/info/{bucket}/{name}, also with an `authenticated` or `public` segment.
      const scoped = second === 'authenticated' || second === 'public';
      const bucketId = scoped ? tail[0] : second;
      const name = objectPath(scoped ? tail.slice(1) : tail);
      if (!bucketId || method !== 'GET') break;
      if (second === 'public') {
        const bucket = await findBucket(c, bucketId);
        if (!bucket.public) throw storageErrors.noSuchBucket();
        return json(200, infoBody(await readObjectRow(c, null, bucketId, name)));
      }
      return json(200, infoBody(await readObjectRow(c, await caller(), bucketId, name)));
    }
    default: {
      if (!first) break;
      const name = objectPath([second, ...tail]);
      if (method === 'DELETE' && !name) {
        const { prefixes } = await body<{ prefixes?: string[] }>();
        return json(200, await removeObjects(c, await caller(), first, prefixes ?? []));
      }
      if (!name) break;
      if (method === 'DELETE') return removeOne(c, await caller(), first, name);
      if (method === 'GET' || method === 'HEAD') {
        const row = await readObjectRow(c, await caller(), first, name);
        return objectResponse(c, req, row, method === 'HEAD');
      }
      if (method === 'POST' || method === 'PUT') {
        const who = await caller();
        const mode = method === 'PUT' ? 'update' : upsertHeader() ? 'upsert' : 'create';
        const result = await uploadObject(c, req, first, name, { mode, caller: who });
        return json(200, { Id: result.id, Key: result.key });
      }
    }
  }
  throw storageErrors.notFound();
}

/**
 * A path segment as text: malformed percent-escapes, a NUL byte or an unpaired surrogate are a
 * 400 InvalidKey here, not a database error (500) later. Covers bucket ids and object names on
 * every route.
 */
function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw storageErrors.invalidKey(segment);
  }
  if (!isStorableText(decoded)) throw storageErrors.invalidKey(segment);
  return decoded;
}
