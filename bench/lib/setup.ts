import { log, machineInfo, onCleanup, runBenchmark, tempDir, type MachineInfo } from './common.js';
import { postgresVersion } from './database.js';

/** What every benchmark starts from: the machine it measures on and a temporary directory. */
export type BenchSetup = { machine: MachineInfo; tmp: { path: string; remove(): void } };

/**
 * A benchmark's opening: the machine's description (with the PostgreSQL server's version when `postgres`),
 * logged, and a temporary directory `ff-bench-<prefix>-*` removed at cleanup.
 */
export async function benchSetup(prefix: string, options: { postgres?: boolean } = {}): Promise<BenchSetup> {
  const info = machineInfo();
  const machine = options.postgres ? { ...info, postgres: await postgresVersion() } : info;
  log(`Machine: ${machine.nproc} cores, node ${machine.node}, load: ${machine.load.uptime}`);
  const tmp = tempDir(prefix);
  onCleanup(() => tmp.remove());
  return { machine, tmp };
}

/**
 * A benchmark entry's frame: `bench:<name>` run under a deadline of `minutes` (runBenchmark), its body given
 * the machine and a temporary directory `ff-bench-<name>-*` (benchSetup).
 */
export function benchmark(
  name: string,
  options: { minutes: number; postgres?: boolean },
  body: (setup: BenchSetup) => Promise<void>,
): Promise<void> {
  return runBenchmark(`bench:${name}`, options.minutes * 60_000, async () =>
    body(await benchSetup(name, { postgres: options.postgres })),
  );
}
