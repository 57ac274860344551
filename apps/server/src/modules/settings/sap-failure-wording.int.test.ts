import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesEntry } from '../../test/exactly-once.js';
import { makeRecords, startPostingHarness, type PostingHarness } from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { rowFailureOf } from '../../test/record-names.js';

/**
 * Issue 12, defect 6: a login SAP refused is not "SAP could not be reached". Each text reaches the posting
 * answer (the toast) and the failed row (its last error) through the one shared error path.
 */
const REFUSED =
  'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.';

async function connectionId(admin: TestClient): Promise<number> {
  return (await admin.get('/api/v1/connectionSetting')).body.data[0].id as number;
}

async function postOneSalesInvoice(h: PostingHarness, admin: TestClient) {
  const [id] = (await makeRecords(h, 'sales', 1)) as [number];
  const response = await admin.post(PATHS.sales, { postSap: [salesEntry(id)] });
  const listed = (await admin.get(PATHS.sales)).body.data.find((r: { id: number }) => r.id === id);
  return { id, response, listed };
}

describe('posting with wrong SAP credentials saved', () => {
  let h: PostingHarness;
  let admin: TestClient;
  beforeAll(async () => {
    h = await startPostingHarness();
    admin = await h.signInAsAdmin();
  });
  afterAll(async () => h?.close());

  it('says SAP refused the login and where to fix it, on the row and in the answer', async () => {
    const id = await connectionId(admin);
    const saved = await admin.patch(`/api/v1/connectionSetting/${id}`, {
      ...h.sim.credentials,
      password: 'Not-the-SAP-password-1',
    });
    expect(saved.status).toBe(200);

    const { id: row, response, listed } = await postOneSalesInvoice(h, admin);
    expect(response.status).toBe(422);
    const refusal = await rowFailureOf(h, 'salesInvoice', row, REFUSED);
    expect(response.body.failed).toEqual([refusal]);
    expect(response.body.message).toContain(refusal.message);
    expect(response.body.message).not.toContain('could not be reached');
    expect(listed).toMatchObject({ status: 'failed', lastError: REFUSED });

    // The right password again: the same row posts.
    await admin.patch(`/api/v1/connectionSetting/${id}`, h.sim.credentials);
    const again = await admin.post(PATHS.sales, { postSap: [salesEntry(row)] });
    expect(again.status).toBe(200);
  });
});

describe('posting while SAP cannot be reached', () => {
  let h: PostingHarness;
  let admin: TestClient;
  beforeAll(async () => {
    // Nothing listens on port 9: the connection is refused before any request reaches a Service Layer.
    h = await startPostingHarness({ env: { SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' } });
    admin = await h.signInAsAdmin();
  });
  afterAll(async () => h?.close());

  it('says SAP could not be reached, with the network detail, and not that the login was refused', async () => {
    const { id: row, response, listed } = await postOneSalesInvoice(h, admin);
    expect(response.status).toBe(422);
    const unreachable =
      'SAP could not be reached at http://127.0.0.1:9/b1s/v1: the connection was refused (is the Service Layer running?).';
    // SAP's posting periods could not be read either: that blocks nothing, the post itself says why.
    expect(response.body.failed).toEqual([await rowFailureOf(h, 'salesInvoice', row, unreachable)]);
    expect(listed).toMatchObject({ status: 'failed', lastError: unreachable });
    expect(response.body.message).not.toContain('refused the login');
  });
});
