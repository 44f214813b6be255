// The TTLock client and its error mapping against the local stack's TTLock sandbox (run in-process:
// the sandbox answers the client's fetch), and MD5 as TTLock wants the password.
import { assertEquals } from '../_shared/zatca/testing.ts';
import { createTtlockSandbox, DEMO_TTLOCK_ACCOUNT } from '../../local/ttlock/sandbox.ts';
import { problemOf } from './errors.ts';
import { md5 } from './md5.ts';
import { TtlockError, ttlockClient } from './ttlock.ts';

/** The TtlockError `run` fails with (the test fails when it succeeds). */
async function refusal(run: () => Promise<unknown>): Promise<TtlockError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TtlockError) return error;
    throw error;
  }
  throw new Error('expected a TTLock refusal');
}

function setup() {
  const sandbox = createTtlockSandbox({ md5 });
  const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
    sandbox.handle(new Request(input, init))) as typeof fetch;
  const app = { clientId: DEMO_TTLOCK_ACCOUNT.clientId, clientSecret: DEMO_TTLOCK_ACCOUNT.clientSecret };
  return { sandbox, client: ttlockClient('http://ttlock.test/', fetcher), app };
}

Deno.test('md5 gives the 32 lowercase hex characters TTLock expects', () => {
  assertEquals(md5(''), 'd41d8cd98f00b204e9800998ecf8427e');
  assertEquals(md5('The quick brown fox jumps over the lazy dog'), '9e107d9d372bb6826bd81d3542a419d6');
});

Deno.test('a token with the MD5 password; an expired one is refused with 10004 and refreshed', async () => {
  const { sandbox, client, app } = setup();
  const token = await client.passwordToken(app, DEMO_TTLOCK_ACCOUNT.username, DEMO_TTLOCK_ACCOUNT.password);
  assertEquals(token.expires_in, 7_776_000);
  const list = await client.v3('/v3/lock/list', app.clientId, token.access_token, {}, 'GET');
  assertEquals((list.list as unknown[]).length > 0, true);
  sandbox.expireTokens();
  const expired = await refusal(() => client.v3('/v3/lock/list', app.clientId, token.access_token, {}, 'GET'));
  assertEquals(expired.errcode, 10004);
  const renewed = await client.refreshToken(app, token.refresh_token!);
  await client.v3('/v3/lock/detail', app.clientId, renewed.access_token, { lockId: 'TTL-100201' }, 'GET');
});

Deno.test('a wrong password and TTLock refusals become stable app codes', async () => {
  const { sandbox, client, app } = setup();
  const wrong = await refusal(() => client.passwordToken(app, 'demo-ttlock', 'nope'));
  assertEquals(problemOf(wrong).code, 'lock_account_rejected');
  const { access_token } = await client.passwordToken(app, 'demo-ttlock', DEMO_TTLOCK_ACCOUNT.password);
  const add = (lockId: string) =>
    client.v3('/v3/keyboardPwd/add', app.clientId, access_token, {
      lockId,
      keyboardPwd: '123456',
      keyboardPwdType: 2,
      addType: 2,
    });
  const noGateway = await refusal(() => add('TTL-100300'));
  assertEquals([problemOf(noGateway).status, problemOf(noGateway).code], [409, 'lock_no_gateway']);
  sandbox.fillLock('TTL-100201');
  const full = await refusal(() => add('TTL-100201'));
  assertEquals([problemOf(full).status, problemOf(full).code], [409, 'lock_passcodes_full']);
  assertEquals(problemOf(new TtlockError(-1, 'down')).status, 502);
});
