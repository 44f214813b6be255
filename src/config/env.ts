/**
 * The variables the browser build needs. Vite inlines `import.meta.env.VITE_*` at build time,
 * so a wrong value is a wrong build: we validate once, at start-up, and say exactly what is
 * missing instead of failing later with an opaque network error.
 *
 * Checked by hand rather than with zod: this runs on every page before anything else, and zod
 * would make every visitor of the landing page download and evaluate it (issue 12, TBT).
 */
export interface ClientEnv {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_ANON_KEY: string;
}

export type AppEnv = ClientEnv & { APP_VERSION: string; MODE: string };

const URL_PROBLEM =
  'VITE_SUPABASE_URL must be the API URL of your Supabase project, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co';
const KEY_MISSING =
  'VITE_SUPABASE_ANON_KEY is missing: copy the anon (publishable) key from `npm run stack -- status` or the Supabase dashboard';
const KEY_SHORT = 'VITE_SUPABASE_ANON_KEY looks too short to be a Supabase anon key';

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nuzl is not configured:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: Record<string, unknown>): ClientEnv {
  const url = raw.VITE_SUPABASE_URL;
  const key = raw.VITE_SUPABASE_ANON_KEY;
  const problems: string[] = [];
  if (!isUrl(url)) problems.push(URL_PROBLEM);
  if (typeof key !== 'string') problems.push(KEY_MISSING);
  else if (key.length < 20) problems.push(KEY_SHORT);
  if (problems.length > 0 || !isUrl(url) || typeof key !== 'string') throw new EnvError(problems);
  return { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: key };
}

let cached: AppEnv | undefined;

/** The validated environment. Throws `EnvError` (with every problem listed) when invalid. */
export function getEnv(): AppEnv {
  cached ??= {
    ...parseEnv(import.meta.env),
    APP_VERSION: __APP_VERSION__,
    MODE: import.meta.env.MODE,
  };
  return cached;
}
