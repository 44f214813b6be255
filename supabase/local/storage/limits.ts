/** Size strings, key validation and MIME rules, as the CLI's config and storage-api read them. */

// go-units RAMInBytes, which the CLI uses for config sizes: every unit is binary ("5MB" = 5 MiB).
const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** "50MiB" → 52428800; plain numbers are bytes; empty means no limit. */
export function parseSize(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(value));
  const factor = match ? UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || factor === undefined) throw new Error(`invalid size "${String(value)}"`);
  return Math.floor(Number(match[1]) * factor);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text Postgres can store: no NUL byte (text columns cannot hold one; the database answers
 * "invalid byte sequence") and no unpaired UTF-16 surrogate (not encodable as UTF-8).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** True when every string anywhere in a parsed JSON value is storable text. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableJson(v));
  return true;
}

/** storage-api's isValidKey: printable names, no empty or dot-only segments, no leading slash. */
export function isValidObjectName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith('/') || !isStorableText(name)) return false;
  // Control characters cannot be stored as S3 keys; storage-api refuses them too.
  if (/\p{Cc}/u.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function isValidBucketName(name: string): boolean {
  return /^[\w!\-.*'() &$@=;:+,?]{1,100}$/.test(name) && name !== '.' && name !== '..' && !name.includes('/');
}

/** `allowed_mime_types` entries may be exact (`image/png`) or wildcards (`image/*`). */
export function isMimeAllowed(mime: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type = '', sub = ''] = mime.split(';')[0]!.trim().toLowerCase().split('/');
  return allowed.some((rule) => {
    const [ruleType = '', ruleSub = ''] = rule.trim().toLowerCase().split('/');
    return (ruleType === '*' || ruleType === type) && (ruleSub === '*' || ruleSub === sub);
  });
}
