import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEFAULT_SAP_POSTING_ACCOUNTS } from '../config/sap-accounts.js';
import { SapError } from '../erp/sap-error.js';
import { createServiceLayerClient, type ServiceLayerClientOptions } from '../erp/service-layer-client.js';
import { createPostingRules } from '../modules/records/kinds/index.js';
import { startTestSimulator, type RunningSimulator } from './simulator.js';

/** The posting rules with the default accounts, to build real documents. */
export const rules = createPostingRules(DEFAULT_SAP_POSTING_ACCOUNTS);

/**
 * The Service Layer client suites (modules/posting/service-layer-*.test.ts): starts a simulator before the suite,
 * resets it before each test, and closes it and every client made with `client()` after the suite.
 */
export function useSimulatorClients() {
  let sim: RunningSimulator | undefined;
  const clients: { close(): Promise<void> }[] = [];
  const started = () => {
    if (!sim) throw new Error('The simulator is used before its beforeAll ran');
    return sim;
  };
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sim?.close();
  });
  beforeEach(async () => {
    await started().control('/__sim/reset', {});
  });

  /** A client of the simulator (5 s timeout), closed after the suite. */
  function client(overrides: Partial<ServiceLayerClientOptions> = {}) {
    const created = createServiceLayerClient({
      baseUrl: started().url,
      credentials: async () => started().credentials,
      timeoutMs: 5_000,
      ...overrides,
    });
    clients.push(created);
    return created;
  }

  return {
    get sim() {
      return started();
    },
    client,
  };
}

/** A cash advance document with this key (a journal entry SAP accepts). */
export const cashAdvance = (key: string, amount = '1500.00') =>
  rules.cashAdvance({
    key,
    amount,
    transporterCode: 'T20001',
    pettyCashAccount: '110101',
    postingDate: '2025-06-30',
    documentDate: '2025-06-28',
    memo: 'Cash advance test',
  });

/** The SapError a promise rejects with (fails the test when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<SapError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SapError);
    return error as SapError;
  }
  throw new Error('Expected the call to fail');
}
