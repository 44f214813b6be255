import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { CACHE_POLICIES, createQueryClient, type TranslationKey } from './query-client';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

const MINUTE = 60_000;

type RetryFn = (failureCount: number, error: unknown) => boolean;

describe('createQueryClient (SPEC §9)', () => {
  it.each([
    ['development', 2, 5],
    ['staging', 10, 30],
    ['production', 30, 60],
  ] as const)('%s keeps data fresh %i min and cached %i min', (environment, fresh, kept) => {
    const client = createQueryClient({ environment, debug: false });
    const { queries } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(fresh * MINUTE);
    expect(queries?.gcTime).toBe(kept * MINUTE);
    expect(CACHE_POLICIES[environment]).toEqual({ staleTime: fresh * MINUTE, gcTime: kept * MINUTE });
  });

  const networkError = new TypeError('Failed to fetch');

  it('retries queries 3 times, 1 time in debug mode', () => {
    const normal = createQueryClient({ environment: 'production', debug: false }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect([0, 1, 2, 3].map((count) => normal(count, networkError))).toEqual([true, true, true, false]);
    const debug = createQueryClient({ environment: 'production', debug: true }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect([0, 1].map((count) => debug(count, networkError))).toEqual([true, false]);
  });

  it('never retries a refusal (permission, input, session)', () => {
    const retry = createQueryClient({ environment: 'production', debug: false }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect(retry(0, { code: '42501', message: 'denied' })).toBe(false);
    expect(retry(0, { code: 'PGRST303', message: 'JWT expired' })).toBe(false);
  });

  it('retries mutations 2 times, 1 second apart', () => {
    const { mutations } = createQueryClient({ environment: 'development', debug: false }).getDefaultOptions();
    const retry = mutations?.retry as RetryFn;
    expect([0, 1, 2].map((count) => retry(count, networkError))).toEqual([true, true, false]);
    expect(mutations?.retryDelay).toBe(1000);
  });
});

describe('mutations toast their failure by default (STYLE 7, SPEC §8)', () => {
  afterEach(async () => {
    toastError.mockReset();
    await i18n.changeLanguage('en');
  });

  /** What fetchers reject with: an error carrying the PostgREST code. */
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
  const denied = failure('42501', 'permission denied for table tasks');

  async function fail(client: QueryClient, meta?: Record<string, unknown>, error: Error = denied) {
    const observer = new MutationObserver(client, {
      mutationFn: () => Promise.reject(error),
      meta,
      retry: false,
    });
    await observer.mutate().catch(() => undefined);
  }

  it("titles the toast with the mutation's errorTitle and puts the SPEC §8 reason underneath", async () => {
    await fail(createQueryClient({ environment: 'production', debug: false }), {
      errorTitle: 'tasks:errors.update_failed',
    });
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Failed to update task', {
        description: 'Permission denied. Contact administrator.',
      }),
    );
  });

  it("writes title and reason in the user's language", async () => {
    await i18n.changeLanguage('ar');
    await fail(createQueryClient({ environment: 'production', debug: false }), {
      errorTitle: 'tasks:errors.update_failed',
    });
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('تعذّر تحديث المهمة', {
        description: 'ليست لديك صلاحية. تواصل مع مسؤول النظام.',
      }),
    );
  });

  it('uses a reason of its own for an error code when the mutation names one', async () => {
    await fail(
      createQueryClient({ environment: 'production', debug: false }),
      { errorTitle: 'clients:delete.failed', errorReasons: { '23503': 'clients:delete.has_bookings' } },
      failure('23503', 'update or delete on table "clients" violates foreign key constraint'),
    );
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Failed to delete client.', {
        description: 'This client has bookings and cannot be deleted.',
      }),
    );
  });

  it('without a title, the reason alone is the toast', async () => {
    await fail(createQueryClient({ environment: 'production', debug: false }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Permission denied. Contact administrator.'));
  });

  it('stays silent when the screen shows the error itself (skipErrorToast)', async () => {
    await fail(createQueryClient({ environment: 'production', debug: false }), { skipErrorToast: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('a failed background refetch', () => {
  afterEach(() => toastError.mockReset());

  it('shows one toast per reason, however many queries failed for it (sonner replaces a toast of the same id)', async () => {
    const client = createQueryClient({ environment: 'production', debug: false });
    const refused = Object.assign(new Error('permission denied'), { code: '42501' });
    for (const key of [
      ['tasks', 'list'],
      ['dashboard', 'overview'],
    ]) {
      client.setQueryData(key, 'shown');
      await client
        .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(refused), staleTime: 0 })
        .catch(() => undefined);
    }
    expect(toastError).toHaveBeenCalledTimes(2);
    const ids = toastError.mock.calls.map((call) => (call[1] as { id?: string } | undefined)?.id);
    expect(ids[0]).toBeTruthy();
    expect(new Set(ids).size).toBe(1);
  });

  it('does not toast a first load: the screen shows its own error state', async () => {
    const client = createQueryClient({ environment: 'production', debug: false });
    const denied = Object.assign(new Error('permission denied'), { code: '42501' });
    await client.fetchQuery({ queryKey: ['units'], queryFn: () => Promise.reject(denied) }).catch(() => undefined);
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('every mutation of features/*/api says how its failure is shown', () => {
  const featuresDir = join(import.meta.dirname, '..', 'features');
  const apiFiles = readdirSync(featuresDir).flatMap((feature) => {
    const dir = join(featuresDir, feature, 'api');
    try {
      return readdirSync(dir)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => join(dir, file));
    } catch {
      return [];
    }
  });
  const sources = apiFiles.map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('a toast title (errorTitle) or, for a form that shows it inline, skipErrorToast', () => {
    const silent = sources
      .filter(({ text }) => text.includes('useMutation(') && !/errorTitle|skipErrorToast/.test(text))
      .map(({ file }) => file);
    expect(silent).toEqual([]);
  });

  it('every title and reason key exists in English and Arabic', () => {
    const keys = sources.flatMap(({ text }) =>
      [...text.matchAll(/'([a-z-]+:[a-z_.]+)'/g)].map((match) => match[1] as TranslationKey),
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      for (const lng of ['en', 'ar']) expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
    }
  });
});
