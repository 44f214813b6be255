// Settings → Integrations "Test" of the organisation's WhatsApp number or SMS gateway (issue 16):
// one harmless call with the stored secret (WhatsApp: the phone number's details; Unifonic: the
// balance; Taqnyat: the account), then the result recorded on messaging_settings (status active or
// error, the reason, the time) by record_messaging_provider_test.
import type { Env } from '../_shared/service.ts';
import { taqnyatAccount, unifonicBalance, unifonicApiUrl } from '../_shared/sms.ts';
import { whatsappApiUrl, whatsappPhoneNumber } from '../_shared/whatsapp.ts';

type Rest = (path: string, init?: RequestInit) => Promise<Response>;

export type TestOutcome =
  | {
      ok: true;
      provider: 'whatsapp' | 'sms';
      status: string;
      tested_at: string;
      detail: Record<string, unknown>;
    }
  | { ok: false; status: number; error: string };

async function readOne<T>(rest: Rest, path: string): Promise<T | null> {
  const res = await rest(path);
  if (!res.ok) throw new Error(`${path.split('?')[0]} read failed: ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as T[];
  return rows[0] ?? null;
}

export async function testProvider(
  deps: { env: Env; fetch: typeof fetch; rest: Rest },
  organizationId: string,
  provider: 'whatsapp' | 'sms',
): Promise<TestOutcome> {
  const { rest, env } = deps;
  const settings = await readOne<Record<string, string | null>>(
    rest,
    `messaging_settings?organization_id=eq.${organizationId}&select=*`,
  );
  const secret = await readOne<{ access_token: string | null }>(
    rest,
    `messaging_secrets?organization_id=eq.${organizationId}&provider=eq.${provider}&select=access_token`,
  );
  const token = secret?.access_token ?? null;
  /** The result on messaging_settings (record_messaging_provider_test): status, reason, time. */
  const record = async (ok: boolean, error: string | null): Promise<Record<string, string | null>> => {
    const res = await rest('rpc/record_messaging_provider_test', {
      method: 'POST',
      body: JSON.stringify({ organization_id: organizationId, provider, ok, error: error?.slice(0, 1000) ?? null }),
    });
    if (!res.ok) throw new Error(`record_messaging_provider_test failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) ?? {}) as Record<string, string | null>;
  };

  if (provider === 'whatsapp') {
    const phoneNumberId = settings?.whatsapp_phone_number_id;
    if (!phoneNumberId || !token) return { ok: false, status: 409, error: 'WhatsApp is not connected' };
    const result = await whatsappPhoneNumber({ url: whatsappApiUrl(env), token, phoneNumberId }, deps.fetch);
    if (!result.ok) {
      await record(false, result.error);
      return { ok: false, status: 422, error: result.error };
    }
    const saved = await record(true, null);
    return {
      ok: true,
      provider,
      status: saved.whatsapp_status ?? 'active',
      tested_at: saved.whatsapp_tested_at ?? new Date().toISOString(),
      detail: result,
    };
  }

  const gateway = settings?.sms_provider === 'unifonic' ? 'unifonic' : 'taqnyat';
  const result =
    gateway === 'unifonic'
      ? token
        ? await unifonicBalance({ appSid: token, url: unifonicApiUrl(env) }, deps.fetch)
        : ({ ok: false, error: 'Unifonic needs the account’s AppSid' } as const)
      : await taqnyatAccount(
          {
            token: token ?? env('SMS_API_KEY') ?? '',
            url: (env('SMS_API_URL') ?? 'https://api.taqnyat.sa').replace(/\/+$/, ''),
          },
          deps.fetch,
        );
  if (!result.ok) {
    await record(false, result.error);
    return { ok: false, status: 422, error: result.error };
  }
  // Without a token of its own the organisation uses the platform's Taqnyat account ('platform').
  const saved = await record(true, null);
  return {
    ok: true,
    provider,
    status: saved.sms_status ?? (token ? 'active' : 'platform'),
    tested_at: saved.sms_tested_at ?? new Date().toISOString(),
    detail: { gateway, balance: result.balance },
  };
}
