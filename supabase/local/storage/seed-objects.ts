/**
 * `[storage.buckets.<name>] objects_path` (supabase/config.toml): every file under that folder
 * (relative to supabase/, like the CLI's other paths) becomes an object of the bucket named by its
 * path below the folder. That is what the Supabase CLI does after `supabase db reset` and on a
 * `supabase start` with a new volume (`supabase seed buckets`; its pkg/storage UpsertObjects:
 * through the Storage API, as the service role, upsert, the content type from the file name).
 * The local stack does it whenever it seeds a database (index.ts, cli.ts `db reset`), so seeded
 * rows can name real objects: the demo units' photos (supabase/seed.sql, supabase/seed-photos/).
 *
 * Uploads go through the storage service's own `handle`, so a seeded object passes every check
 * an upload does (bucket limits, allowed types, content sniffing) and gets the same metadata.
 * Dot files (.gitkeep, .DS_Store) are skipped.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Service } from '../types';
import type { ConfiguredBucket } from './buckets';

/** Content types by extension: what the CLI's mime.TypeByExtension gives for these. */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export interface SeededBucket {
  bucket: string;
  /** The folder, relative to the project root. */
  from: string;
  objects: number;
  bytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((rel) => !rel.split(path.sep).some((part) => part.startsWith('.')))
    .sort();
}

/**
 * Uploads the `objects_path` folder of each configured bucket into it (the bucket is created or
 * brought in line by the service on its first request). Throws, naming the file, if one is refused.
 */
export async function seedBucketObjects(
  storage: Service,
  opts: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed config.toml (see ServiceDeps.config)
    config: Record<string, any>;
    rootDir: string;
    serviceKey: string;
  },
): Promise<SeededBucket[]> {
  const storageConfig = (opts.config.storage ?? {}) as {
    enabled?: boolean;
    buckets?: Record<string, ConfiguredBucket>;
  };
  if (storageConfig.enabled === false) return [];
  const seeded: SeededBucket[] = [];
  for (const [bucket, spec] of Object.entries(storageConfig.buckets ?? {})) {
    if (!spec.objects_path) continue;
    const dir = path.resolve(opts.rootDir, 'supabase', spec.objects_path);
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) {
      throw new Error(`[storage.buckets.${bucket}] objects_path: ${path.relative(opts.rootDir, dir)} is not a folder`);
    }
    let bytes = 0;
    const files = await filesUnder(dir);
    for (const rel of files) {
      const name = rel.split(path.sep).join('/');
      const body = await readFile(path.join(dir, rel));
      const type = TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream';
      const url = `http://storage.local/storage/v1/object/${encodeURIComponent(bucket)}/${name
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`;
      const response = await storage.handle(
        new Request(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${opts.serviceKey}`,
            'content-type': type,
            'cache-control': 'max-age=3600',
            'x-upsert': 'true',
          },
          body,
        }),
        { apikeyRole: 'service_role' },
      );
      if (!response.ok) {
        throw new Error(
          `Seeding ${bucket}/${name} from ${path.relative(opts.rootDir, dir)} failed: ${response.status} ${await response.text()}`,
        );
      }
      bytes += body.byteLength;
    }
    seeded.push({ bucket, from: path.relative(opts.rootDir, dir), objects: files.length, bytes });
  }
  return seeded;
}
