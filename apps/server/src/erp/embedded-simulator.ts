import { join } from 'node:path';
import type { SapCredentials } from './service-layer-client.js';

export type EmbeddedSimulator = {
  url: string;
  credentials: SapCredentials;
  stateFile: string;
  close(): Promise<void>;
};

/**
 * Embedded mode (no SAP_SL_URL): the SAP Service Layer simulator, in this process, on 127.0.0.1. Its state
 * lives in DATA_DIR/sap-sim.json, so documents posted before a restart are still found by the idempotency
 * look-up. Imported on demand: a production server (SAP_SL_URL set) never loads it.
 */
export async function startEmbeddedSimulator(options: {
  dataDir: string;
  port: number;
}): Promise<EmbeddedSimulator> {
  const { createSimulator, DEFAULT_CREDENTIALS } = await import('@ff/sap-sim');
  const credentials: SapCredentials = { ...DEFAULT_CREDENTIALS };
  const stateFile = join(options.dataDir, 'sap-sim.json');
  const simulator = await createSimulator({ ...credentials, stateFile });
  const url = await simulator.listen({ port: options.port, host: '127.0.0.1' });
  return { url, credentials, stateFile, close: () => simulator.close() };
}
