/**
 * The state file a running `npm run stack` writes (supabase/.local/state.json), so `status`,
 * `stop` and `npm start` in other terminals find the running stack.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackKeys } from './types';

export interface StackState {
  pid: number;
  apiUrl: string;
  dbUrl?: string;
  startedAt: string;
  keys: Pick<StackKeys, 'anonKey' | 'serviceRoleKey' | 'publishableKey' | 'secretKey' | 'jwtSecret'>;
}

export function stateFile(dataDir: string): string {
  return path.join(dataDir, 'state.json');
}

export async function writeState(dataDir: string, state: StackState): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(stateFile(dataDir), JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

export async function removeState(dataDir: string, pid = process.pid): Promise<void> {
  const current = readState(dataDir);
  if (!current || current.pid === pid) await rm(stateFile(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running stack's state, or null (no file, or its process is gone). */
export function readState(dataDir: string): StackState | null {
  try {
    const state = JSON.parse(readFileSync(stateFile(dataDir), 'utf8')) as StackState;
    return typeof state.pid === 'number' && alive(state.pid) ? state : null;
  } catch {
    return null;
  }
}

/** `supabase status -o json`'s variable names for the values a client needs. */
export function statusVariables(s: Omit<StackState, 'pid' | 'startedAt'>): Record<string, string> {
  const vars: Record<string, string> = {
    API_URL: s.apiUrl,
    REST_URL: `${s.apiUrl}/rest/v1`,
    STORAGE_URL: `${s.apiUrl}/storage/v1`,
    FUNCTIONS_URL: `${s.apiUrl}/functions/v1`,
    ANON_KEY: s.keys.anonKey,
    SERVICE_ROLE_KEY: s.keys.serviceRoleKey,
    PUBLISHABLE_KEY: s.keys.publishableKey,
    SECRET_KEY: s.keys.secretKey,
    JWT_SECRET: s.keys.jwtSecret,
  };
  if (s.dbUrl) vars.DB_URL = s.dbUrl;
  return vars;
}

/** The human-readable block `supabase status` prints. */
export function formatStatus(vars: Record<string, string>, outboxUrl: string): string {
  const rows: Array<[string, string | undefined]> = [
    ['API URL', vars.API_URL],
    ['REST URL', vars.REST_URL],
    ['DB URL', vars.DB_URL],
    ['Outbox (SMS/e-mail)', outboxUrl],
    ['ZATCA sandbox', vars.API_URL ? `${vars.API_URL}/_local/zatca/page` : undefined],
    ['Publishable key', vars.PUBLISHABLE_KEY],
    ['Secret key', vars.SECRET_KEY],
    ['anon key', vars.ANON_KEY],
    ['service_role key', vars.SERVICE_ROLE_KEY],
    ['JWT secret', vars.JWT_SECRET],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padStart(width)}: ${v ?? ''}`).join('\n');
}
