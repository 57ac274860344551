import { createSimulator, DEFAULT_HOST, DEFAULT_PORT } from './index.js';

/** CLI: `npm run sim`. Env SIM_PORT, SIM_HOST, SIM_STATE_FILE, SIM_LOG=1, plus the SIM_* credentials. */
async function main(): Promise<void> {
  const port = process.env.SIM_PORT ? Number(process.env.SIM_PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SIM_PORT must be a port number (0-65535), not '${process.env.SIM_PORT}'`);
  }
  const host = process.env.SIM_HOST || DEFAULT_HOST;
  const stateFile = process.env.SIM_STATE_FILE || undefined;
  const logger = process.env.SIM_LOG === '1' || process.env.SIM_LOG === 'true';

  const simulator = await createSimulator({ stateFile, logger });
  const url = await simulator.listen({ port, host });
  console.log(`SAP Service Layer simulator listening on ${url} (v2: ${url.replace(/\/v1$/, '/v2')})`);
  console.log(
    stateFile ? `State file: ${stateFile}` : 'State kept in memory only (set SIM_STATE_FILE to persist)',
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing the simulator`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
