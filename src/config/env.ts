import { z } from 'zod';

/**
 * The variables the browser build needs. Vite inlines `import.meta.env.VITE_*` at build time,
 * so a wrong value is a wrong build: we validate once, at start-up, and say exactly what is
 * missing instead of failing later with an opaque network error.
 */
const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({
    error:
      'VITE_SUPABASE_URL must be the API URL of your Supabase project, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co',
  }),
  VITE_SUPABASE_ANON_KEY: z
    .string({
      error:
        'VITE_SUPABASE_ANON_KEY is missing: copy the anon (publishable) key from `npm run stack -- status` or the Supabase dashboard',
    })
    .min(20, { error: 'VITE_SUPABASE_ANON_KEY looks too short to be a Supabase anon key' }),
});

export type AppEnv = z.infer<typeof envSchema> & { APP_VERSION: string; MODE: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nuzl is not configured:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: Record<string, unknown>): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => issue.message));
  }
  return result.data;
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
