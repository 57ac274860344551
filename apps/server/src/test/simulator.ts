import { createSimulator, DEFAULT_CREDENTIALS, type Simulator } from '@ff/sap-sim';
import type { SapCredentials } from '../erp/sap-session.js';

/** Tests only: a real simulator on a free port, and its /__sim controls. */
export type RunningSimulator = {
  simulator: Simulator;
  /** The v1 base URL, `http://127.0.0.1:<port>/b1s/v1`. */
  url: string;
  credentials: SapCredentials;
  control<T = any>(path: string, body?: unknown): Promise<T>;
  stats(): Promise<{
    logins: number;
    failedLogins: number;
    logouts: number;
    requests: Record<string, number>;
    /** POST/PATCH calls per resource as they arrived (before latency): a look-up GET is not one. */
    writes: Record<string, number>;
    created: Record<string, number>;
  }>;
  documents(): Promise<{
    journalEntries: Record<string, unknown>[];
    invoices: Record<string, unknown>[];
    purchaseInvoices: Record<string, unknown>[];
  }>;
  close(): Promise<void>;
};

export async function startTestSimulator(options: { stateFile?: string } = {}): Promise<RunningSimulator> {
  const credentials = { ...DEFAULT_CREDENTIALS };
  const simulator = await createSimulator({
    ...credentials,
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
  });
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const origin = new URL(url).origin;
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`Simulator control ${path} failed: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    simulator,
    url,
    credentials,
    control,
    stats: () => control('/__sim/stats'),
    documents: () => control('/__sim/documents'),
    close: () => simulator.close(),
  };
}
