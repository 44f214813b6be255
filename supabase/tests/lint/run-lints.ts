/**
 * Runs ./rules.ts against a database the way splinter runs: in one transaction with an empty
 * search_path and PostgREST's exposed schemas in `pgrst.db_schemas`; adds rule 0012 (anonymous
 * sign-ins) from supabase/config.toml; and judges the findings against ./allowed.ts.
 */
import type { Database } from '../../local/types';
import { RULES, type LintLevel, type LintRule } from './rules';
import type { Allowance } from './allowed';

export interface Finding {
  id: string;
  rule: string;
  level: LintLevel;
  /** What an allow-list entry names: `public.request_booking`, `public.einvoicing_chains`, … */
  object: string;
  /** The finding's key in splinter's format (its `cache_key`). */
  key: string;
  detail: string;
}

export interface LintOptions {
  /** PostgREST's exposed schemas ([api] schemas in supabase/config.toml). */
  exposedSchemas: string[];
  /** The [auth] section of supabase/config.toml, for rule 0012. */
  auth?: { enable_anonymous_sign_ins?: boolean };
  rules?: LintRule[];
}

export async function runLints(db: Database, opts: LintOptions): Promise<Finding[]> {
  const rules = opts.rules ?? RULES;
  const findings = await db.transaction(async (tx) => {
    await tx.query(`select set_config('search_path', '', true), set_config('pgrst.db_schemas', $1, true)`, [
      opts.exposedSchemas.join(','),
    ]);
    const out: Finding[] = [];
    for (const rule of rules) {
      if (rule.requires) {
        const present = await tx.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [rule.requires]);
        if (!present.rows[0]?.ok) continue;
      }
      const { rows } = await tx.query<{ object: string; key: string; detail: string }>(rule.sql).catch((err: Error) => {
        throw new Error(`lint ${rule.id} ${rule.name}: ${err.message}`, { cause: err });
      });
      for (const r of rows) out.push({ id: rule.id, rule: rule.name, level: rule.level, ...r });
    }
    return out;
  });
  if (opts.auth?.enable_anonymous_sign_ins) {
    // 0012: anonymous users get the `authenticated` role, so every policy and grant for
    // signed-in users also serves someone who never proved who they are.
    findings.push({
      id: '0012',
      rule: 'auth_allow_anonymous_sign_ins',
      level: 'WARN',
      object: 'auth.enable_anonymous_sign_ins',
      key: 'auth_allow_anonymous_sign_ins',
      detail: 'supabase/config.toml [auth] enable_anonymous_sign_ins = true',
    });
  }
  return findings.sort((a, b) => a.id.localeCompare(b.id) || a.key.localeCompare(b.key));
}

export interface Verdict {
  /** ERROR findings: never allowed. */
  errors: Finding[];
  /** WARN/INFO findings that no allow-list entry covers. */
  unexplained: Finding[];
  /** Allow-list entries that match nothing any more (remove them). */
  stale: Allowance[];
}

export function judge(findings: Finding[], allowed: Allowance[]): Verdict {
  const covers = (a: Allowance, f: Finding) => a.rule === f.rule && a.object === f.object;
  return {
    errors: findings.filter((f) => f.level === 'ERROR'),
    unexplained: findings.filter((f) => f.level !== 'ERROR' && !allowed.some((a) => covers(a, f))),
    stale: allowed.filter((a) => !findings.some((f) => covers(a, f))),
  };
}

export const describeFinding = (f: Finding) => `${f.level} ${f.id} ${f.rule}: ${f.detail}`;
