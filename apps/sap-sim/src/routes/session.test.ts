import { describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  loggedIn,
  loginBody,
  SlClient,
  startSim,
  useFreshSim,
  type LoginReply,
} from '../testing/harness.js';

const INVALID_SESSION = { status: 401, code: 301, message: 'Invalid session or session already timeout.' };
const LOGIN_FAILED = { status: 401, code: 100000027, message: 'Login failed' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const running = useFreshSim({ login: false });

describe('Login', () => {
  it('answers the B1Session in v1 shape and sets B1SESSION and ROUTEID cookies', async () => {
    const client = new SlClient(running.v1);
    const reply = await client.login();
    expect(reply.status).toBe(200);
    expect(reply.body['odata.metadata']).toBe(`${running.v1}/$metadata#B1Sessions/@Element`);
    expect(reply.body.SessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.body.Version).toBe('1000190');
    expect(reply.body.SessionTimeout).toBe(30);
    expect(reply.headers.getSetCookie()).toEqual([
      `B1SESSION=${reply.body.SessionId}; HttpOnly`,
      'ROUTEID=.node1; path=/',
    ]);
  });

  it('answers @odata.context on v2', async () => {
    const reply = await new SlClient(running.v2).post<LoginReply>('Login', loginBody());
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.context']).toBe(`${running.v2}/$metadata#B1Sessions/$entity`);
  });

  it.each([
    ['wrong password', { ...loginBody(), Password: 'nope' }],
    ['wrong user', { ...loginBody(), UserName: 'clerk' }],
    ['wrong company', { ...loginBody(), CompanyDB: 'SBODEMO_US' }],
    ['missing password', { CompanyDB: 'SBODEMO_KE', UserName: 'manager' }],
  ])('refuses a %s with 401 / 100000027 in both shapes', async (_name, body) => {
    expectSapError(await new SlClient(running.v1).post('Login', body), LOGIN_FAILED, 'v1');
    expectSapError(await new SlClient(running.v2).post('Login', body), LOGIN_FAILED, 'v2');
  });

  it('refuses an unknown Login parameter and a body that is not JSON', async () => {
    const client = new SlClient(running.v1);
    expectSapError(await client.post('Login', { ...loginBody(), Shoe: 'x' }), {
      status: 400,
      code: -1000,
      message: "Property 'Shoe' of 'Login' is invalid",
    });
    expectSapError(await client.post('Login', '{"CompanyDB":'), {
      status: 400,
      code: -1000,
      message: 'The request body must be a JSON object',
    });
  });

  it('uses the credentials given to createSimulator', async () => {
    const other = await startSim({ companyDb: 'FF_TEST', username: 'poster', password: 'pw' });
    try {
      const client = new SlClient(other.v1);
      expectSapError(await client.login(), LOGIN_FAILED);
      expect((await client.login({ CompanyDB: 'FF_TEST', UserName: 'poster', Password: 'pw' })).status).toBe(
        200,
      );
    } finally {
      await other.sim.close();
    }
  });
});

describe('sessions', () => {
  it('needs a B1SESSION cookie on every other call', async () => {
    const anonymous = new SlClient(running.v1);
    expectSapError(await anonymous.get('ChartOfAccounts'), INVALID_SESSION, 'v1');
    expectSapError(await new SlClient(running.v2).get('ChartOfAccounts'), INVALID_SESSION, 'v2');
    anonymous.cookie = 'B1SESSION=not-a-session';
    expectSapError(await anonymous.get('ChartOfAccounts'), INVALID_SESSION);
  });

  it('works with the session cookie, for v1 and v2 alike', async () => {
    const client = await loggedIn(running.v1);
    expect((await client.get('ChartOfAccounts')).status).toBe(200);
    const v2 = new SlClient(running.v2);
    v2.cookie = client.cookie;
    expect((await v2.get('BusinessPartners')).status).toBe(200);
  });

  it('ends the session on Logout (204), and Logout stays 204 when repeated', async () => {
    const client = await loggedIn(running.v1);
    const logout = await client.post('Logout');
    expect(logout.status).toBe(204);
    expectSapError(await client.get('ChartOfAccounts'), INVALID_SESSION);
    expect((await client.post('Logout')).status).toBe(204);
  });

  it('expires every session on /__sim/expire-sessions', async () => {
    const first = await loggedIn(running.v1);
    const second = await loggedIn(running.v2);
    const reply = await control<{ expired: number }>(running.origin, 'expire-sessions', {});
    expect(reply.body.expired).toBeGreaterThanOrEqual(2);
    expectSapError(await first.get('ChartOfAccounts'), INVALID_SESSION, 'v1');
    expectSapError(await second.get('ChartOfAccounts'), INVALID_SESSION, 'v2');
    expect((await first.login()).status).toBe(200);
    expect((await first.get('ChartOfAccounts')).status).toBe(200);
  });

  it('has a sliding idle timeout: calls keep it alive, silence ends it', async () => {
    // Four calls 250 ms apart span twice the 1 s timeout; then 1.5 s of silence outlives it.
    await control(running.origin, 'config', { sessionTimeoutSeconds: 1 });
    const client = await loggedIn(running.v1);
    for (let i = 0; i < 8; i++) {
      await sleep(250);
      expect((await client.get('BusinessPartners?$top=1')).status).toBe(200);
    }
    await sleep(1500);
    expectSapError(await client.get('BusinessPartners?$top=1'), INVALID_SESSION);
  });

  it('counts logins, failed logins and logouts', async () => {
    const client = await loggedIn(running.v1);
    await client.login({ ...loginBody(), Password: 'x' });
    await client.post('Logout');
    const stats = await control<{
      logins: number;
      failedLogins: number;
      logouts: number;
      requests: Record<string, number>;
    }>(running.origin, 'stats');
    expect(stats.body).toMatchObject({ logins: 1, failedLogins: 1, logouts: 1 });
    expect(stats.body.requests.Login).toBe(2);
  });
});
