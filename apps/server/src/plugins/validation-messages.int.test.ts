import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/test-server.js';
import type { TestClient } from '../test/test-client.js';

/**
 * Issue 23: a request that fails a check without a sentence of its own is answered in the product's words, naming
 * the field (an integrator saw "Invalid input: expected number, received NaN").
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin();
});
afterAll(async () => {
  await server?.close();
});

const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

describe('validation messages', () => {
  it('names the field in our words, on queries, bodies and paths', async () => {
    const answers = [
      await admin.get('/api/v1/postings?perPage=abc'),
      await admin.get('/api/v1/audits?page=0'),
      await admin.post('/api/v1/journalCashAdvance', { postSap: [{ id: 'x', postingDate: 5 }] }),
      await admin.post('/api/v1/api-tokens', { name: 'ok', kinds: 'cash-advances' }),
      await admin.request({ method: 'PUT', url: '/api/v1/settings/posting-defaults', body: { vatGroup: 7 } }),
    ];
    const messages = answers.flatMap((answer) => {
      expect(answer.status).toBe(422);
      return Object.entries(answer.body.errors as Record<string, string[]>).map(
        ([field, [message]]) => [field, message] as const,
      );
    });
    expect(messages.length).toBeGreaterThanOrEqual(5);
    expect(messages.filter(([, message]) => ZOD_DEFAULT.test(message!))).toEqual([]);
    // A check without a sentence of its own: the default VAT group given as a number.
    expect(messages).toContainEqual(['vatGroup', 'The VAT group must be text.']);
  });
});
