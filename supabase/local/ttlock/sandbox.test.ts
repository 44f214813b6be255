import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTtlockSandbox, DEMO_TTLOCK_ACCOUNT, MAX_CUSTOM_PASSCODES } from './sandbox';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function setup() {
  const sandbox = createTtlockSandbox({ md5 });
  const call = async (path: string, params: Record<string, string | number>, method = 'POST') => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const res =
      method === 'POST'
        ? await sandbox.handle(
            new Request(`http://x${path}`, {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: form,
            }),
          )
        : await sandbox.handle(new Request(`http://x${path}?${form}`));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are whatever TTLock returns
    return (await res.json()) as Record<string, any>;
  };
  const token = async () =>
    call('/oauth2/token', {
      clientId: DEMO_TTLOCK_ACCOUNT.clientId,
      clientSecret: DEMO_TTLOCK_ACCOUNT.clientSecret,
      username: DEMO_TTLOCK_ACCOUNT.username,
      password: md5(DEMO_TTLOCK_ACCOUNT.password),
    });
  const v3 = async (path: string, accessToken: string, params: Record<string, string | number>, method = 'POST') =>
    call(path, { clientId: DEMO_TTLOCK_ACCOUNT.clientId, accessToken, date: Date.now(), ...params }, method);
  return { sandbox, call, token, v3 };
}

describe('TTLock sandbox', () => {
  it('issues tokens for the MD5 password only, refreshes them and refuses expired ones', async () => {
    const { sandbox, call, token, v3 } = setup();
    const plain = await call('/oauth2/token', {
      clientId: DEMO_TTLOCK_ACCOUNT.clientId,
      clientSecret: DEMO_TTLOCK_ACCOUNT.clientSecret,
      username: DEMO_TTLOCK_ACCOUNT.username,
      password: DEMO_TTLOCK_ACCOUNT.password,
    });
    expect(plain.errcode).toBe(10007);
    const t = await token();
    expect(t.expires_in).toBe(7_776_000);
    expect((await v3('/v3/lock/list', t.access_token, {}, 'GET')).total).toBeGreaterThan(0);
    sandbox.expireTokens();
    expect((await v3('/v3/lock/list', t.access_token, {}, 'GET')).errcode).toBe(10004);
    const refreshed = await call('/oauth2/token', {
      clientId: DEMO_TTLOCK_ACCOUNT.clientId,
      clientSecret: DEMO_TTLOCK_ACCOUNT.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
    });
    expect(refreshed.access_token).toBeTruthy();
    expect((await v3('/v3/lock/detail', refreshed.access_token, { lockId: 'TTL-100201' }, 'GET')).hasGateway).toBe(1);
    expect((await v3('/v3/lock/list', 'nope', {}, 'GET')).errcode).toBe(10003);
    expect(sandbox.log.find((e) => e.path === '/oauth2/token')?.params.password).toBe('•••');
  });

  it('keeps the custom-code rules: gateway for addType 2, same code, same window, 250 codes', async () => {
    const { sandbox, token, v3 } = setup();
    const { access_token: at } = await token();
    const start = Date.now() + 3_600_000;
    const add = (lockId: string, code: string, s = start, addType = 2) =>
      v3('/v3/keyboardPwd/add', at, {
        lockId,
        keyboardPwd: code,
        keyboardPwdType: 3,
        startDate: s,
        endDate: s + 86_400_000,
        addType,
      });
    expect((await add('TTL-100300', '123456')).errcode).toBe(-2012);
    expect((await add('TTL-100301', '123456')).keyboardPwdId).toBeGreaterThan(0);
    const first = await add('TTL-100201', '123456');
    expect(first.keyboardPwdId).toBeGreaterThan(0);
    expect((await add('TTL-100201', '123456', start + 1)).errcode).toBe(-3007);
    expect((await add('TTL-100201', '654321')).errcode).toBe(-3008);
    const list = await v3('/v3/lock/listKeyboardPwd', at, { lockId: 'TTL-100201', pageNo: 1, pageSize: 20 }, 'GET');
    expect(list.list.map((c: { keyboardPwd: string }) => c.keyboardPwd)).toEqual(['123456']);
    expect(
      (
        await v3('/v3/keyboardPwd/delete', at, {
          lockId: 'TTL-100201',
          keyboardPwdId: first.keyboardPwdId,
          deleteType: 2,
        })
      ).errcode,
    ).toBe(0);
    sandbox.fillLock('TTL-100202');
    expect(sandbox.passcodesOf('TTL-100202')).toHaveLength(MAX_CUSTOM_PASSCODES);
    expect((await add('TTL-100202', '111111')).errcode).toBe(-3009);
    sandbox.rateLimit(1);
    expect((await add('TTL-100201', '222222')).errcode).toBe(30006);
  });

  it('pages the lock records of a period, newest first', async () => {
    const { token, v3 } = setup();
    const { access_token: at } = await token();
    const week = Date.now() - 7 * 86_400_000;
    const p1 = await v3(
      '/v3/lockRecord/list',
      at,
      { lockId: 'TTL-100201', startDate: week, endDate: Date.now(), pageNo: 1, pageSize: 20 },
      'GET',
    );
    expect(p1.total).toBeGreaterThan(20);
    expect(p1.total).toBeLessThan(45);
    expect(p1.pages).toBe(Math.ceil(p1.total / 20));
    expect(p1.list[0].lockDate).toBeGreaterThan(p1.list[1].lockDate);
    expect(p1.list.every((r: { lockDate: number }) => r.lockDate >= week)).toBe(true);
  });
});
