/**
 * Calling the public REST API (edge function `api`, docs/api.md) through a test stack as an
 * organisation's own system does: `Authorization: Bearer <API key>`, with keys made by staff
 * through create_api_key() as Settings → Security makes them.
 */
import { expect } from 'vitest';
import type { Db } from '../fixtures/db-accounts';
import type { TestStack } from './test-stack';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code: string; message: string; details?: unknown[] } };
}

export interface ApiInit {
  method?: string;
  /** JSON (sent with Content-Type: application/json unless `headers` say otherwise), or raw text. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A new API key of the caller's organisation, in clear (the one time it exists). */
export async function makeKey(staff: Db, name: string): Promise<string> {
  const { data, error } = await staff.rpc('create_api_key', { key_name: name });
  if (error || !data?.[0]) throw new Error(`create_api_key: ${error?.message}`);
  return data[0].key;
}

/** A call of the API at `path` (below /functions/v1/api) with `key` (null: no Authorization). */
export async function callApi(
  stack: TestStack,
  path: string,
  key: string | null,
  init: ApiInit = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(`${stack.apiUrl}/functions/v1/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** Every page of a list, following `next` links. */
export async function allPages(stack: TestStack, path: string, key: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let url: string | null = `${stack.apiUrl}/functions/v1/api${path}`;
  while (url) {
    const response: Response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status, url).toBe(200);
    const page = (await response.json()) as { data: Array<Record<string, unknown>>; next: string | null };
    out.push(...page.data);
    url = page.next;
  }
  return out;
}
