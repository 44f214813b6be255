/**
 * Helpers of the units and dashboard browser tests: Data API calls as the signed-in demo owner
 * (fixtures each test creates and removes itself, so tests running side by side never share a
 * row they change) and real image files drawn by the browser.
 */
import type { Page } from '@playwright/test';
import { stackEnv } from './support/stack-env';

export const DEMO_ORG_ID = '20000000-0000-4000-8000-000000000001';
/** A seed unit of organisation 1 with bookings across ±60 days. */
export const BOOKED_UNIT = {
  id: '50000000-0000-4000-8000-000000000001',
  en: 'Olaya Skyline Apartment',
  ar: 'شقة العليا سكاي لاين',
};

export async function rest<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  prefer?: string,
): Promise<{ data: T; count: number | null }> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(prefer ? { prefer } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /rest/v1/${path} → ${response.status}: ${text}`);
  const range = response.headers.get('content-range');
  const count = range?.includes('/') ? Number(range.split('/')[1]) : null;
  return { data: (text ? JSON.parse(text) : null) as T, count: Number.isFinite(count) ? count : null };
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function createUnit(
  token: string,
  fields: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const { data } = await rest<{ id: string; name: string }[]>(
    token,
    'POST',
    'units?select=id,name',
    fields,
    'return=representation',
  );
  const row = data[0];
  if (!row) throw new Error('unit not created');
  return row;
}

export async function deleteUnitsNamed(token: string, prefix: string): Promise<void> {
  await rest(token, 'DELETE', `units?name=like.${encodeURIComponent(`${prefix}*`)}`);
}

/** An image of `width`×`height` drawn by the browser itself, as a file for an `<input type=file>`. */
export async function drawnImage(page: Page, name: string, color: string, width = 2400, height = 1600) {
  const base64 = await page.evaluate(
    async ({ color: fill, width: w, height: h }) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffffff';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { color, width, height },
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}
