import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, UNEXPECTED_RESPONSE } from './errors';
import { knownFunctionRefusal, run, runCounted, unwrap } from './fetch';
import { supabase } from './supabase';

/**
 * The real supabase-js client against a stand-in PostgREST: `fetch` is replaced, so what is
 * tested is what the app sends and how it reads the answers.
 */
const calls: { url: string; init: RequestInit }[] = [];
let answer: (url: string) => Response | Promise<Response>;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push({ url, init });
      return Promise.resolve(answer(url));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const restCalls = () => calls.filter((call) => call.url.includes('/rest/v1/'));

describe('run', () => {
  it('sends the request once with the query signal, also after .single()', async () => {
    answer = () => json({ id: 'u1' });
    const controller = new AbortController();
    const unit = await run(supabase.from('units').select('id').eq('id', 'u1').single(), { signal: controller.signal });
    expect(unit).toEqual({ id: 'u1' });
    expect(restCalls()).toHaveLength(1);
    expect(restCalls()[0]!.init.signal).toBe(controller.signal);
  });

  it('makes one attempt at a failing GET: postgrest-js does not retry inside TanStack Query', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const failure = await run(supabase.from('units').select('id')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'network' });
    expect(restCalls()).toHaveLength(1);
  });

  it('throws the SPEC §8 error of a refusal, with its rule key', async () => {
    answer = () =>
      json(
        { code: 'PT404', message: 'This unit is not available for booking', hint: 'unit_inactive', details: null },
        404,
      );
    await expect(
      run(supabase.rpc('booking_quote', { unit_id: 'x', check_in: 'a', check_out: 'b' })),
    ).rejects.toMatchObject({
      kind: 'rule',
      messageKey: 'errors.db.unit_inactive',
      code: 'PT404',
    });
  });

  it('uses the HTTP status when the body is not PostgREST JSON (a proxy error page)', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(run(supabase.from('units').select('id'))).rejects.toMatchObject({ kind: 'operation_failed' });
  });

  it('parses RPC JSON with the schema: the typed, converted data', async () => {
    answer = () => json({ total: 2, rows: [{ id: 'a' }, { id: 'b', extra: true }] });
    const page = await run(supabase.rpc('search_clients', {}), {
      schema: z.object({ total: z.number(), rows: z.array(z.object({ id: z.string() })) }),
    });
    expect(page).toEqual({ total: 2, rows: [{ id: 'a' }, { id: 'b' }] });
  });

  it('turns a changed shape into "Operation failed (ID)", logged with the ID, not a crash later', async () => {
    answer = () => json({ total: '2', items: [] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await run(supabase.rpc('search_clients', {}), {
      schema: z.object({ total: z.number(), rows: z.array(z.unknown()) }),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'operation_failed', code: UNEXPECTED_RESPONSE });
    const id = (failure as AppError).id;
    expect(log).toHaveBeenCalledWith(expect.stringContaining(id), expect.any(z.ZodError));
    log.mockRestore();
  });
});

describe('runCounted', () => {
  it('returns the rows and the exact count from Content-Range', async () => {
    answer = () => json([{ id: 'u1' }], 200, { 'content-range': '0-0/42' });
    const page = await runCounted(supabase.from('units').select('id', { count: 'exact' }).range(0, 0));
    expect(page).toEqual({ data: [{ id: 'u1' }], count: 42 });
  });
});

describe('unwrap (storage, edge functions)', () => {
  it('returns the data, parsed when a schema is given', async () => {
    await expect(unwrap(Promise.resolve({ data: [1, 2], error: null }))).resolves.toEqual([1, 2]);
    await expect(
      unwrap(Promise.resolve({ data: { n: '3' }, error: null }), { schema: z.object({ n: z.coerce.number() }) }),
    ).resolves.toEqual({ n: 3 });
  });

  it('throws the SPEC §8 error of a storage refusal', async () => {
    const refusal = { name: 'StorageApiError', message: 'new row violates row-level security policy', status: 403 };
    await expect(unwrap(Promise.resolve({ data: null, error: refusal }))).rejects.toMatchObject({
      kind: 'permission_denied',
    });
  });

  it("reads an edge function's refusal {code, message}: a code we translate is that rule's message", async () => {
    answer = () => json({ code: 'invoice_draft', message: 'Issue the invoice first' }, 409);
    const refused = unwrap(supabase.functions.invoke('zatca/invoices/x/submit', { method: 'POST' }));
    await expect(refused).rejects.toMatchObject({
      kind: 'rule',
      code: 'invoice_draft',
      messageKey: 'errors.db.invoice_draft',
    });
    // A code we do not know: the HTTP status decides, as before.
    answer = () => json({ code: 'no_such_rule', message: 'x' }, 409);
    await expect(unwrap(supabase.functions.invoke('zatca/onboarding', { body: {} }))).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await expect(unwrap(supabase.functions.invoke('zatca/onboarding', { body: {} }))).rejects.toMatchObject({
      kind: 'operation_failed',
    });
  });

  it('sends a real storage list with its signal, no retry (storage-js has none)', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const controller = new AbortController();
    await expect(
      unwrap(supabase.storage.from('task-photos').list('org/task', {}, { signal: controller.signal })),
    ).rejects.toMatchObject({ kind: 'network' });
    const storageCalls = calls.filter((call) => call.url.includes('/storage/v1/'));
    expect(storageCalls).toHaveLength(1);
    expect(storageCalls[0]!.init.signal).toBe(controller.signal);
  });
});

describe('knownFunctionRefusal (codes a screen explains itself)', () => {
  const KNOWN = ['lock_full', 'plan_downgrade_blocked'] as const;
  const invokeError = async (response: Response) => {
    answer = () => response;
    return (await supabase.functions.invoke('locks/units/x/passcodes', { method: 'POST' })).error as unknown;
  };

  it('gives a known code with its details, and still lets the caller read the answer', async () => {
    const error = await invokeError(json({ code: 'plan_downgrade_blocked', details: [{ kind: 'units' }] }, 409));
    await expect(knownFunctionRefusal(error, KNOWN)).resolves.toEqual({
      code: 'plan_downgrade_blocked',
      details: [{ kind: 'units' }],
    });
    await expect(unwrap(Promise.resolve({ data: null, error }))).rejects.toBeInstanceOf(AppError);
  });

  it('is null for an unknown code, an answer that is not JSON, and an error without an answer', async () => {
    await expect(knownFunctionRefusal(await invokeError(json({ code: 'other' }, 409)), KNOWN)).resolves.toBeNull();
    await expect(
      knownFunctionRefusal(await invokeError(new Response('<html>bad gateway</html>', { status: 502 })), KNOWN),
    ).resolves.toBeNull();
    await expect(knownFunctionRefusal(new TypeError('Failed to fetch'), KNOWN)).resolves.toBeNull();
    await expect(knownFunctionRefusal(null, KNOWN)).resolves.toBeNull();
  });
});
