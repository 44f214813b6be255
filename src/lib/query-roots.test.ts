import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterWrite, queryRoots, rootsShowing, SHOWN_BY } from './query-roots';

describe('query roots', () => {
  it('gives every feature a root of its own', () => {
    const roots = Object.values(queryRoots).map((root) => root[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('a checked-out booking (a booking and a cleaning task written) refreshes every screen showing either', () => {
    expect(rootsShowing(['bookings', 'tasks']).sort()).toEqual(
      [
        'alerts',
        'automation',
        'bookings',
        'clients',
        'dashboard',
        'onboarding',
        'reports',
        'tasks',
        'units',
        'vendors',
      ].sort(),
    );
  });

  it('a payment refreshes the invoice it settles, the payments history, the overview, reports, alerts and runs', () => {
    const money = ['alerts', 'automation', 'dashboard', 'invoices', 'payments', 'reports'];
    expect(rootsShowing(['payments']).sort()).toEqual(money);
    expect(rootsShowing(['invoices']).sort()).toEqual(money);
  });

  it("the organisation's tax profile refreshes the settings, the tax-compliance section and the invoices", () => {
    expect(rootsShowing(['settings']).sort()).toEqual(['invoices', 'payments', 'settings']);
  });

  it('each kind of row refreshes its own feature first', () => {
    for (const [kind, roots] of Object.entries(SHOWN_BY)) expect(roots[0]).toBe(kind);
  });

  it('invalidates the roots showing the rows, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      tasks: ['tasks', 'list', 'o1', {}],
      overview: ['dashboard', 'overview', 'o1'],
      unitCalendar: ['units', 'detail', 'u1', 'calendar', '2026-12'],
      clientStays: ['clients', 'bookings', 'c1'],
      security: ['settings', 'security', 'factors'],
      site: ['public-site', 'detail', 'demo'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, 'fresh');
    await invalidateAfterWrite(client, ['bookings', 'tasks']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.tasks)).toBe(true);
    expect(stale(keys.overview)).toBe(true);
    expect(stale(keys.unitCalendar)).toBe(true);
    expect(stale(keys.clientStays)).toBe(true);
    expect(stale(keys.security)).toBe(false);
    expect(stale(keys.site)).toBe(false);
  });
});

describe('query keys in the features', () => {
  const featuresDir = join(import.meta.dirname, '..', 'features');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? files(path)
        : /\.tsx?$/.test(name) && !name.includes('.test.')
          ? [path]
          : [];
    });
  const sources = files(featuresDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('never start with a string literal: they come from a keys factory built on queryRoots', () => {
    const literal = sources.filter(({ text }) => /queryKey:\s*\[\s*['"`]/.test(text)).map(({ file }) => file);
    expect(literal).toEqual([]);
  });

  it("every keys.ts takes its feature's root as `all`", () => {
    const keyFiles = sources.filter(({ file }) => file.endsWith('/api/keys.ts'));
    expect(keyFiles.length).toBeGreaterThan(5);
    for (const { file, text } of keyFiles) expect(text, file).toMatch(/all: queryRoots\.\w+,/);
  });
});
