import { createSimulator, DEFAULT_CREDENTIALS } from '@ff/sap-sim';

/** The SAP simulator on a free port of 127.0.0.1 in this process (memory only); prints one BENCH_READY line. */
const simulator = await createSimulator({ ...DEFAULT_CREDENTIALS });
const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
console.log(`BENCH_READY ${JSON.stringify({ url, credentials: DEFAULT_CREDENTIALS })}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
