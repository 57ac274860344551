/**
 * Prints the Markdown tables of docs/benchmarks.md from bench/results/*.json (the latest run of each
 * benchmark): `node --import tsx bench/summarize.ts`. Figures only; the prose is written by hand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './lib/common.js';
import { printScale } from './lib/scale-summary.js';

const load = (name: string): any => {
  const path = join(RESULTS_DIR, `${name}.json`);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
};
const round2 = (v: number) => Math.round(v * 100) / 100;
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
/** MB from 1 MB up, else kB (the dashboard's visits went from 142.7 MB to 10 kB). */
const bytesOf = (b: number) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(1)} kB`);
const loadOf = (l: { load1: number; at: string } | undefined) =>
  l ? `${l.load1} (${l.at.slice(11, 16)} UTC)` : '';

function machine(m: any) {
  console.log(
    `Run ${m.date.slice(0, 16).replace('T', ' ')} UTC, git ${m.git}, node ${m.node}, nproc ${m.nproc}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}; load at start: \`${m.load.uptime}\``,
  );
  console.log('');
}

/** A benchmark's section, when it has a result: the heading, the machine it ran on, then what `print` writes. */
function section(name: string, print: (result: any) => void) {
  const result = load(name);
  if (!result) return;
  console.log(`### bench:${name}\n`);
  machine(result.machine);
  print(result);
}

/** A Markdown table's header row and its separator row, one `---` per column. */
function tableHead(header: string) {
  console.log(header);
  console.log(`|${'---|'.repeat(header.trim().split('|').length - 2)}`);
}

/** The SAP read-back's line (bench/lib/posting-stack.ts readBack) of a journal entry benchmark. */
function exactlyOnce(e: any) {
  console.log(
    `\nExactly once: ${e.expected} expected, ${e.documents} journal entries, ${e.missing} missing, ${e.duplicated} duplicated, ${e.unexpected} unexpected: ${e.ok ? 'ok' : '**FAILED**'}.\n`,
  );
}

section('list', (list) => {
  tableHead('| list (30 days) | rows / answer | variant | p50 | p99 | req/s | load (1 min) |');
  for (const r of list.results) {
    const name = r.list.replace('/api/v1/', '');
    const rows = `${r.rows.toLocaleString('en-US')} / ${(r.bytesPerResponse / 1e6).toFixed(1)} MB`;
    for (const [variant, label] of [
      ['baseline', 'baseline: pg + JSON.stringify'],
      ['drizzle', 'server repository + JSON.stringify'],
      ['api', 'API (autocannon)'],
    ] as const) {
      const loads = r.rounds.map((x: any) => x[variant].load.load1).join(', ');
      console.log(
        `| ${name} | ${rows} | ${label} | ${ms(r[variant].p50)} | ${ms(r[variant].p99)} | ${r[variant].reqPerSec} | ${loads} |`,
      );
    }
  }
  tableHead(
    '\n| list | API / baseline p50 | API / baseline p99 | baseline / API req/s | drizzle / baseline p50 | goal | met? |',
  );
  for (const r of list.results) {
    console.log(
      `| ${r.list.replace('/api/v1/', '')} | x${r.overheadP50} | x${r.overheadP99} | x${r.throughputRatio} | x${r.drizzleOverheadP50} | < x${r.goal} | ${yes(r.overheadP50 < r.goal && r.throughputRatio < r.goal)} |`,
    );
  }
  console.log('');
});

section('posting', (posting) => {
  tableHead(
    '| POSTING_CONCURRENCY | rows per request | records | seconds | records/s | ideal bound | share of bound | request p50 | load (1 min) |',
  );
  for (const r of posting.runs) {
    console.log(
      `| ${r.concurrency} | ${r.batch ?? posting.batch} | ${r.posted}/${r.records} | ${r.seconds} | ${r.recordsPerSecond} | ${r.idealBound}/s | ${r.ofBound} | ${ms(r.requestMs.p50)} | ${loadOf(r.load)} |`,
    );
  }
  const dflt = posting.defaultConcurrency ?? 8;
  // The goal's run: the first (older results had one run per concurrency).
  const c8 = posting.runs[0];
  tableHead('\n| figure | measured | goal | met? |');
  console.log(
    `| default (${dflt}), ${c8.batch ?? posting.batch} rows per request: records/s / bound ${c8.idealBound}/s | ${c8.ofBound} | >= 0.8 | ${yes(c8.ofBound >= 0.8)} |`,
  );
  console.log(
    `| default (${dflt}) / one-at-a-time (1) | x${posting.speedupOverOneAtATime} | >= x10 | ${yes(posting.speedupOverOneAtATime >= 10)} |`,
  );
  console.log(
    `| each record in SAP exactly once | ${posting.exactlyOnce.expected} expected, ${posting.exactlyOnce.documents} documents, ${posting.exactlyOnce.missing} missing, ${posting.exactlyOnce.duplicated} duplicated | all once | ${yes(posting.exactlyOnce.ok)} |`,
  );
  tableHead(
    '\n| POSTING_CONCURRENCY | rows per request | validate + claim (before the first SAP call) | SAP phase | record + reply | one round of concurrent calls (50 ms ideal) |',
  );
  for (const p of posting.phases) {
    console.log(
      `| ${p.concurrency} | ${p.batch ?? posting.batch} | ${ms(p.medianMs.claimAndValidate)} | ${ms(p.medianMs.sapPhase)} | ${ms(p.medianMs.recordAndReply)} | ${ms(p.medianMs.perRoundOfConcurrentCalls)} |`,
    );
  }
  console.log('');
});

section('posting-kinds', (kinds) => {
  tableHead(
    `| kind | POSTING_CONCURRENCY | records | seconds | records/s | ideal bound | share of bound | load (1 min) |`,
  );
  for (const r of kinds.results) {
    console.log(
      `| ${r.path.replace('/api/v1/', '')} | ${kinds.concurrency} | ${r.posted}/${r.records}${r.failed ? ` (${r.failed} failed)` : ''} | ${r.seconds} | ${r.recordsPerSecond} | ${r.idealBound}/s | ${r.ofBound} | ${loadOf(r.load)} |`,
    );
  }
  exactlyOnce(kinds.exactlyOnce);
});

section('queue', (queue) => {
  tableHead('| configuration | posted | seconds | rows/s | latency bound | share of bound | load (1 min) |');
  for (const r of queue.results) {
    console.log(
      `| ${r.id}. ${r.label} | ${r.posted}/${r.rows}${r.failed ? ` (${r.failed} failed)` : ''} | ${r.seconds} | ${r.rowsPerSecond} | ${r.latencyBound}/s | ${round2(r.rowsPerSecond / r.latencyBound)} | ${loadOf(r.load)} |`,
    );
  }
  exactlyOnce(queue.exactlyOnce);
});

section('web', (web) => {
  const s = web.sizes;
  tableHead(
    '| route | JS gzip | CSS gzip | JS+CSS gzip | JS+CSS as sent (no compression) | files | baseline gzip | ratio | goal | met? |',
  );
  for (const [name, set, ratio] of [
    ['/login', s.login, s.loginRatio],
    ['/users (signed in)', s.users, s.usersRatio],
  ] as const) {
    console.log(
      `| ${name} | ${kib(set.js.gzip)} | ${kib(set.css.gzip)} | ${kib(set.gzip)} | ${kib(set.bytes)} | ${set.files.length} | ${kib(s.baseline.gzip)} | x${ratio} | < x${s.goal} | ${yes(ratio < s.goal)} |`,
    );
  }
  if (s.chunkBreakdown) {
    console.log('\nLargest chunks, minified bytes by package:\n');
    for (const [chunk, b] of Object.entries<any>(s.chunkBreakdown)) {
      console.log(
        `- \`${chunk}\` (${kib(b.total)}): ${b.top
          .slice(0, 8)
          .map((p: any) => `${p.name} ${kib(p.bytes)}`)
          .join(', ')}`,
      );
    }
  }
  const q = web.search;
  tableHead(
    `\n| client-side search${q.screen ? ` on ${q.screen}` : ''}, ${q.rows.toLocaleString('en-US')} rows | median | min | max | median to next frame | goal | met? | load (1 min) |`,
  );
  for (const [name, x] of [
    ['typed character', q.typed],
    ['Backspace', q.backspace],
  ] as const) {
    console.log(
      `| ${name} | ${ms(x.medianMs)} | ${ms(x.minMs)} | ${ms(x.maxMs)} | ${ms(x.medianToNextFrameMs)} | < 50 ms | ${yes(x.medianMs < 50)} | ${loadOf(q.load)} |`,
    );
  }
  tableHead(
    '\n| dashboard: navigation to four numbers | median of 5 | runs | API bytes per visit | load (1 min) |',
  );
  for (const d of web.dashboard) {
    console.log(
      `| ${d.rowsPerKind.toLocaleString('en-US')} records per kind | ${ms(d.medianMs)} | ${d.runs.map((r: any) => Math.round(r.ms)).join(', ')} | ${bytesOf(d.runs[0].apiBytes)} | ${loadOf(d.load)} |`,
    );
  }
  console.log('');
});

section('startup', (startup) => {
  const s = startup.summary;
  tableHead('| figure | median | runs | goal | met? |');
  console.log(
    `| npm start to /health/ready 200 | ${ms(s.medianReadyMs)} | ${startup.runs.map((r: any) => Math.round(r.readyMs)).join(', ')} | < 5,000 ms | ${yes(s.medianReadyMs < 5000)} |`,
  );
  console.log(
    `| of which spawn to main() (npm, start.mjs, node, bundle load) | ${ms(s.medianBeforeMainMs)} | ${startup.runs.map((r: any) => r.beforeMainMs).join(', ')} | | |`,
  );
  console.log(
    `| of which main() to listening (server's readyInMs) | ${ms(s.medianReadyInMs)} | ${startup.runs.map((r: any) => r.readyInMs).join(', ')} | | |`,
  );
  console.log(
    `| node apps/server/dist/main.js (no npm) to ready | ${ms(s.medianDirectNodeReadyMs)} | ${startup.direct.map((r: any) => Math.round(r.readyMs)).join(', ')} | | |`,
  );
  console.log(
    `| warm-up: first start, creating the data directory | ${ms(startup.warmUp.readyMs)} | demo data ${startup.warmUp.demoLoadMs ?? '?'} ms | | |`,
  );
  console.log(
    `\nPhases inside main() (median of ${startup.phases.runs.length}, from source): ${Object.entries<number>(
      startup.phases.medianMs,
    )
      .map(([k, v]) => `${k} ${Math.round(v)} ms`)
      .join(', ')}; total ${Math.round(startup.phases.totalMedianMs)} ms.`,
  );
  console.log(`Load (1 min) per run: ${startup.runs.map((r: any) => r.load.load1).join(', ')}.\n`);
});

section('sweeper', (sweeper) => {
  const s = sweeper.settings;
  console.log(
    `${s.stuck} sales invoices left \`posting\` by a SIGKILL (SAP_TIMEOUT_MS ${s.sapTimeoutMs}: leases stale ${s.staleMs / 1000} s after their last renewal), settled by the restarted API's sweeper, SAP at ${s.latencyMs} ms per call.\n`,
  );
  tableHead('| figure | measured | goal | met? | load (1 min) |');
  console.log(
    `| last lease expired -> last row settled | ${sweeper.lastExpiryToAllSettledSeconds} s | <= 60 s | ${yes(sweeper.lastExpiryToAllSettledSeconds <= 60)} | ${loadOf(sweeper.load)} |`,
  );
  console.log(
    `| per row, its lease expired -> settled: p50 / max | ${sweeper.perRowSecondsAfterExpiry.p50} s / ${sweeper.perRowSecondsAfterExpiry.max} s | max <= 60 s | ${yes(sweeper.goal.met)} | |`,
  );
  console.log(
    `| outcome; rows whose status disagrees with SAP | ${Object.entries(sweeper.statuses)
      .map(([k, v]) => `${String(v)} ${k}`)
      .join(', ')}; ${sweeper.sapMismatches} | 0 | ${yes(sweeper.sapMismatches === 0)} | |\n`,
  );
});

section('import', (imported) => {
  const s = imported.settings;
  console.log(
    `${s.rows.toLocaleString('en-US')} ${s.kind} through POST /api/v1/import/${s.kind} (Bearer token), ${s.batch.toLocaleString('en-US')} rows per call, ${s.mode}; GET /health/live polled every ~${s.pollEveryMs} ms. Import: ${imported.importSeconds} s, ${imported.rowsPerSecond.toLocaleString('en-US')} rows/s.\n`,
  );
  tableHead('| /health/live | samples | p50 | p99 | max | over 100 ms | goal | met? | load (1 min) |');
  const row = (label: string, l: any, goal: string, met: string, at: string) =>
    console.log(
      `| ${label} | ${l.samples} | ${l.p50} ms | ${l.p99} ms | ${l.max} ms | ${l.over100ms} | ${goal} | ${met} | ${at} |`,
    );
  row('idle (5 s before)', imported.idle, '', '', '');
  row('during the import', imported.during, 'p99 < 100 ms', yes(imported.goal.met), loadOf(imported.load));
  console.log('');
});

section('scale', printScale);
