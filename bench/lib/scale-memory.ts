import { readFileSync } from 'node:fs';
import { log, round, sleep } from './common.js';

/**
 * bench:scale's memory figures: a process's resident memory read from /proc/<pid>/status (VmRSS now, VmHWM
 * its peak since start), sampled while clients fetch full-array lists at once.
 */

/** Resident memory of `pid` in MB: now (VmRSS) and the peak since the process started (VmHWM). */
export function residentMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: round(kb('VmRSS') / 1024), hwm: round(kb('VmHWM') / 1024) };
}

/** Samples VmRSS of `pid` every `everyMs` until stopped; answers the highest sample and how many were taken. */
export function sampleResident(pid: number, everyMs = 20) {
  let peak = 0;
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      try {
        peak = Math.max(peak, residentMb(pid).rss);
        samples += 1;
      } catch {
        return; // the process is gone
      }
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { peakMb: peak, samples };
    },
  };
}

/** One GET read to its end without keeping the body: its status, bytes and milliseconds. */
export async function drain(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { status: response.status, bytes, ms: round(performance.now() - started) };
}

/** What a memory run measured: resident MB idle, at the sampled peak and VmHWM, and after the load. */
export type ListMemory = {
  rows: number;
  bytesPerAnswer: number;
  clients: number;
  rounds: number;
  idleRssMb: number;
  peakRssMb: number;
  hwmMb: number;
  afterRssMb: number;
  /** Each round's slowest answer, ms (10 answers at once). */
  roundMs: number[];
  samples: number;
};

/**
 * `clients` clients fetch the full-array list at `url` at once, `rounds` times, while the server's VmRSS is
 * sampled every 20 ms. The list must answer `expectRows` rows (checked once, parsed, before the clock).
 */
export async function measureListMemory(options: {
  pid: number;
  url: string;
  cookie: string;
  clients: number;
  rounds: number;
  expectRows: number;
  label: string;
}): Promise<ListMemory> {
  const { pid, url, cookie, clients, rounds, label } = options;
  await sleep(3_000);
  const idle = residentMb(pid).rss;
  // One answer parsed to check its size; after it the server has run the list once (plans, code paths).
  const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label}: ${url} answered ${response.status}`);
  const rows = (JSON.parse(text) as { data: unknown[] }).data.length;
  if (rows !== options.expectRows) throw new Error(`${label}: ${rows} rows, expected ${options.expectRows}`);
  const bytesPerAnswer = Buffer.byteLength(text);
  log(`${label}: idle ${idle} MB; one answer ${rows} rows, ${round(bytesPerAnswer / 1e6)} MB`);
  const sampler = sampleResident(pid);
  const roundMs: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const answers = await Promise.all(Array.from({ length: clients }, () => drain(url, cookie)));
    const bad = answers.find((a) => a.status !== 200 || a.bytes !== bytesPerAnswer);
    if (bad) throw new Error(`${label}: an answer was ${bad.status} with ${bad.bytes} bytes`);
    roundMs.push(Math.max(...answers.map((a) => a.ms)));
  }
  const { peakMb, samples } = await sampler.stop();
  const { hwm } = residentMb(pid);
  await sleep(5_000);
  const after = residentMb(pid).rss;
  log(
    `${label}: ${clients} clients x ${rounds} rounds: peak ${peakMb} MB (VmHWM ${hwm} MB), after ${after} MB; rounds ${roundMs.join(', ')} ms`,
  );
  return {
    rows,
    bytesPerAnswer,
    clients,
    rounds,
    idleRssMb: idle,
    peakRssMb: peakMb,
    hwmMb: hwm,
    afterRssMb: after,
    roundMs,
    samples,
  };
}
