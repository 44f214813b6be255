import type { RequestContext } from '../types';

/**
 * The statement PostgREST runs first in every request transaction (PostgREST docs, "Transactions"), plus the
 * legacy `request.jwt.claim.sub/role` GUCs that Supabase Storage still sets. Role last, so the
 * other settings are written while still privileged.
 */
export function roleContextStatement(ctx: RequestContext): { text: string; params: unknown[] } {
  const claims = ctx.claims ?? {};
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const headers = Object.fromEntries(Object.entries(ctx.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    text:
      "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), " +
      "set_config('request.jwt.claim.role', $3, true), set_config('request.method', $4, true), " +
      "set_config('request.path', $5, true), set_config('request.headers', $6, true), set_config('role', $3, true)",
    params: [JSON.stringify(claims), sub, ctx.role, ctx.method ?? 'POST', ctx.path ?? '/', JSON.stringify(headers)],
  };
}

/** Roles a caller may assume through `asRole` (never a superuser by accident). */
export function assertRoleName(role: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`invalid role name: ${role}`);
}
