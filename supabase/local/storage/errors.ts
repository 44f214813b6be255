/**
 * Storage API errors, rendered the way supabase/storage does: HTTP 400 for every non-500 error
 * with the real status as a string in the body's `statusCode` (storage-js reads it from there).
 */

export class StorageError extends Error {
  constructor(
    /** The status real Storage puts in the body, e.g. '404'. */
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  objectExists: () => new StorageError('409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketExists: () => new StorageError('409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError('409', 'ResourceNotEmpty', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  rls: (message = 'new row violates row-level security policy') =>
    new StorageError('403', 'AccessDenied', 'Unauthorized', message),
  entityTooLarge: () =>
    new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMime: (mime: string) =>
    new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  contentMismatch: (mime: string, why: string) =>
    new StorageError(
      '415',
      'InvalidMimeType',
      'invalid_mime_type',
      `The file content does not match mime type ${mime}: ${why}`,
    ),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', 'Unauthorized', message),
  invalidKey: (key: string) => new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError('400', 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', 'Bad Request', message),
  invalidSignature: () =>
    new StorageError('400', 'InvalidSignature', 'Invalid Signature', 'The url do not match the signature'),
  notFound: (message = 'Route not found') => new StorageError('404', 'NotFound', 'Not Found', message),
  transformationsDisabled: () =>
    new StorageError(
      '400',
      'FeatureNotEnabled',
      'Feature not enabled',
      'Image transformation is not available in the local stack; download the original instead',
    ),
};

interface PgLikeError {
  code?: string;
  message?: string;
  constraint?: string;
  table?: string;
}

/** Maps a database error raised while running as the caller to what Storage answers. */
export function fromDatabaseError(err: unknown, duplicate: () => StorageError): StorageError | null {
  const e = err as PgLikeError;
  // storage-api answers every 42501 with this fixed message (the pg text names the table).
  if (e?.code === '42501') return storageErrors.rls();
  if (e?.code === '23505') return duplicate();
  if (e?.code === '23503' && e.constraint?.includes('bucket')) return storageErrors.noSuchBucket();
  // Text the database cannot store (a NUL byte, bad encoding) is the client's fault, never a 500.
  if (e?.code === '22021' || e?.code === '22P05') return storageErrors.invalidRequest('Invalid characters in request');
  return null;
}

export function errorResponse(err: unknown): Response {
  if (err instanceof StorageError) {
    return json(400, { statusCode: err.statusCode, code: err.code, error: err.error, message: err.message });
  }
  const mapped = fromDatabaseError(err, storageErrors.objectExists);
  if (mapped) return errorResponse(mapped);
  console.error('[storage] internal error', err);
  const message = err instanceof Error ? err.message : String(err);
  return json(500, { statusCode: '500', code: 'InternalError', error: 'internal', message });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
