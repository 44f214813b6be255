// Settings → Integrations "Test" of the organisation's WhatsApp number or SMS gateway (issue 16):
// one harmless call with the stored secret (WhatsApp: the phone number's details; Unifonic: the
// balance; Taqnyat: the account), then the result recorded on messaging_settings (status active or
// error, the reason, the time) through the service role.
import type { Env } from '../_shared/service.ts';
import { taqnyatAccount, unifonicBalance, unifonicApiUrl } from '../_shared/sms.ts';
import { whatsappApiUrl, whatsappPhoneNumber } from '../_shared/whatsapp.ts';

type Rest = (path: string, init?: RequestInit) => Promise<Response>;

export type TestOutcome =
  | {
      ok: true;
      provider: 'whatsapp' | 'sms';
      status: 'active' | 'platform';
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
  const testedAt = new Date().toISOString();
  const record = async (fields: Record<string, unknown>) => {
    const res = await rest(`messaging_settings?organization_id=eq.${organizationId}`, {
      method: 'PATCH',
      body: JSON.stringify(fields),
    });
    if (!res.ok) throw new Error(`messaging_settings update failed: ${res.status} ${await res.text()}`);
  };

  if (provider === 'whatsapp') {
    const phoneNumberId = settings?.whatsapp_phone_number_id;
    if (!phoneNumberId || !token) return { ok: false, status: 409, error: 'WhatsApp is not connected' };
    const result = await whatsappPhoneNumber({ url: whatsappApiUrl(env), token, phoneNumberId }, deps.fetch);
    if (!result.ok) {
      await record({
        whatsapp_status: 'error',
        whatsapp_error: result.error.slice(0, 1000),
        whatsapp_tested_at: testedAt,
      });
      return { ok: false, status: 422, error: result.error };
    }
    await record({
      whatsapp_status: 'active',
      whatsapp_error: null,
      whatsapp_tested_at: testedAt,
      ...(result.display_phone_number ? { whatsapp_display_phone: result.display_phone_number } : {}),
    });
    return { ok: true, provider, status: 'active', tested_at: testedAt, detail: result };
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
    await record({ sms_status: 'error', sms_error: result.error.slice(0, 1000), sms_tested_at: testedAt });
    return { ok: false, status: 422, error: result.error };
  }
  // Without a token of its own the organisation uses the platform's Taqnyat account.
  const status = token ? 'active' : 'platform';
  await record({ sms_status: status, sms_error: null, sms_tested_at: testedAt });
  return { ok: true, provider, status, tested_at: testedAt, detail: { gateway, balance: result.balance } };
}
