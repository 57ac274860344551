/**
 * bench:scale's tables for docs/benchmarks.md (printed by bench/summarize.ts from bench/results/scale.json):
 * each goal of issue 13 with its figure, its baseline from the same run, and whether it is met.
 */

const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
const ms1 = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;
const mb = (v: number) => `${Math.round(v)} MB`;
const n = (v: number) => v.toLocaleString('en-US');
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const loadOf = (l: { load1: number; at: string } | undefined) =>
  l ? `${l.load1} (${l.at.slice(11, 16)} UTC)` : '';

/** The goals table: one row per goal of issue 13. */
function goals(scale: any) {
  console.log('| goal (issue 13) | measured | baseline (same run) | met? |');
  console.log('|---|---|---|---|');
  const screens = scale.screens;
  if (screens) {
    const [small, big] = screens.dashboard;
    const r = ratio(big.medianMs, small.medianMs);
    console.log(
      `| dashboard in Chromium, ${n(big.rowsPerKind)} per kind, within x1.3 of ${n(small.rowsPerKind)} per kind | ${ms(big.medianMs)} (x${r}) | ${ms(small.medianMs)} | ${yes(r <= 1.3)} |`,
    );
    console.log(
      `| summary statement under 100 ms at ${n(big.rowsPerKind)} per kind (EXPLAIN ANALYZE: planning + execution) | ${ms1(big.statement.totalMs)}; GET /api/v1/dashboard in the server ${ms1(big.requests.serverMedianMs)} | ${ms1(small.statement.totalMs)}; ${ms1(small.requests.serverMedianMs)} | ${yes(big.statement.totalMs < 100)} |`,
    );
    const [rowsSmall, rowsBig] = screens.firstRows;
    console.log(
      `| a list's first rows under 300 ms after navigation (warm server, ${n(rowsBig.rowsPerKind)} per kind): click on its link in the app | ${ms(rowsBig.medianMs)} (a full page load: ${ms(rowsBig.pageLoad.medianMs)}) | ${ms(rowsSmall.medianMs)} (page load ${ms(rowsSmall.pageLoad.medianMs)}) at ${n(rowsSmall.rowsPerKind)} per kind | ${yes(rowsBig.medianMs < 300)} |`,
    );
    const s = screens.search;
    if (s)
      console.log(
        `| search keystroke to updated rows under 200 ms after the debounce | ${ms(s.afterDebounceMedianMs)} median, ${ms(s.afterDebounceMaxMs)} max; ${ms(s.totalMedianMs)} from the key | the debounce itself: ${ms(s.debounceMedianMs)} | ${yes(s.afterDebounceMedianMs < 200)} |`,
      );
    const plain = screens.pages.filter(
      (p: any) => !p.query.includes('sort=') && !p.query.includes('search='),
    );
    const worst = Math.max(...plain.map((p: any) => p.ratioP50));
    console.log(
      `| paged list API p50 within x1.5 of the same SELECT ... LIMIT in a bare script (perPage 100, 365 days) | x${Math.min(...plain.map((p: any) => p.ratioP50))}-x${worst} over ${plain.length} lists | ${plain.map((p: any) => ms1(p.baselineP50)).join(', ')} | ${yes(worst <= 1.5)} |`,
    );
  }
  const rss = scale.rss as any[] | undefined;
  if (rss?.length) {
    const now = rss.find((r) => r.label === 'this tree');
    const before = rss.find((r) => r.label.startsWith('today'));
    const gc = rss.find((r) => r.nodeArgs?.length && !r.failed);
    if (now)
      console.log(
        `| API RSS under 300 MB while ${now.clients} clients fetch ${n(now.rows)}-row full-array lists | peak ${mb(now.peakRssMb)} (idle ${mb(now.idleRssMb)})${gc ? `; ${mb(gc.peakRssMb)} with ${gc.nodeArgs.join(' ')}` : ''} | today's code: ${before ? `peak ${mb(before.peakRssMb)} (idle ${mb(before.idleRssMb)})` : 'not measured'} | ${yes(now.peakRssMb < 300)} |`,
      );
  }
  const imp = scale.import;
  if (imp)
    console.log(
      `| import ${n(imp.rows)} rows at >= 0.5 of a bare COPY; /health/live p99 under 100 ms | ${imp.importSeconds} s (x${imp.ratio} of COPY); p99 ${ms1(imp.livenessP99Ms)}, max ${ms1(imp.livenessMaxMs)} | COPY ${imp.copySeconds} s | ${yes(imp.ratio >= 0.5 && imp.livenessP99Ms < 100)} |`,
    );
  const posting = scale.posting;
  if (posting) {
    const [first] = posting.runs;
    console.log(
      `| posting at 300 ms mean latency with jitter, >= 0.8 of the concurrency bound | ${first.ofBound} (${first.recordsPerSecond}/s, ${first.batch} rows per request); ${posting.runs
        .slice(1)
        .map((r: any) => `${r.ofBound} with ${r.batch}`)
        .join(
          '; ',
        )} | bound ${posting.concurrency} / 0.3 s = ${Math.round(posting.bound * 10) / 10}/s | ${yes(first.ofBound >= 0.8)} |`,
    );
  }
  const e = scale.embedded;
  if (e)
    console.log(
      `| embedded RSS idle and after a ${n(e.rows)}-row list: measured, reduced where PGlite allows | shared_buffers ${e.sharedBuffers}: idle ${mb(e.after.idleRssMb)}, after ${mb(e.after.afterRssMb)} | PGlite's defaults: idle ${mb(e.before.idleRssMb)}, after ${mb(e.before.afterRssMb)} | ${yes(e.after.idleRssMb < e.before.idleRssMb)}${e.wiredInClient ? '' : ' (once db/client.ts uses pglite-options.ts)'} |`,
    );
}

/** The detail tables under the goals. */
function details(scale: any) {
  const screens = scale.screens;
  if (screens) {
    console.log(
      '\n| dashboard | records per kind | navigation to numbers, median | runs | API bytes per visit | summary statement (plan + exec) | GET /api/v1/dashboard in the server | load (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const d of screens.dashboard)
      console.log(
        `| ${d.size} | ${n(d.rowsPerKind)} | ${ms(d.medianMs)} | ${d.runs.map((r: any) => Math.round(r.ms)).join(', ')} | ${n(d.runs[0].apiBytes)} B | ${ms1(d.statement.planningMs)} + ${ms1(d.statement.executionMs)} | ${ms1(d.requests.serverMedianMs)} | ${loadOf(d.load)} |`,
      );
    console.log(
      '\n| list screen | records per kind | link click to first rows, median | runs | page load to first rows, median | runs | load (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of screens.firstRows)
      console.log(
        `| ${r.screen.path} | ${n(r.rowsPerKind)} | ${ms(r.medianMs)} | ${r.runs.map((x: number) => Math.round(x)).join(', ')} | ${ms(r.pageLoad.medianMs)} | ${r.pageLoad.runs.map((x: any) => Math.round(x.ms)).join(', ')} | ${loadOf(r.load)} |`,
      );
    console.log(
      `\n| page (${screens.range.fromDate} .. ${screens.range.toDate}) | total | API p50 | API p99 | API req/s | same statement, bare p50 | x | bare SELECT ... LIMIT without the count, p50 | x |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const p of screens.pages) {
      const extra = p.query.replace(/^.*perPage=100&?/, '');
      console.log(
        `| ${p.list}${extra ? ` (${decodeURIComponent(extra)})` : ''} | ${n(p.total)} | ${ms1(p.apiP50)} | ${ms1(p.apiP99)} | ${p.apiReqPerSec} | ${ms1(p.baselineP50)} | x${p.ratioP50} | ${ms1(p.noCountP50)} | x${p.ratioNoCountP50} |`,
      );
    }
  }
  for (const r of ((scale.rss ?? []) as any[]).filter((x) => !x.failed))
    console.log(
      `${r === scale.rss[0] ? '\n| API process (10 clients x 100,000-row full array) | idle | peak (sampled VmRSS) | VmHWM | 5 s after | answer | slowest answer per round |\n|---|---|---|---|---|---|---|\n' : ''}| ${r.label} (${r.build}) | ${mb(r.idleRssMb)} | ${mb(r.peakRssMb)} | ${mb(r.hwmMb)} | ${mb(r.afterRssMb)} | ${(r.bytesPerAnswer / 1e6).toFixed(1)} MB | ${r.roundMs.map(ms).join(', ')} |`,
    );
  for (const r of ((scale.rss ?? []) as any[]).filter((x) => x.failed))
    console.log(`\n${r.label}: the server failed (${r.failed}).`);
  if (scale.posting) {
    console.log(
      '\n| posting (16 calls, SAP 150-450 ms) | rows per request | records | seconds | records/s | share of bound | load (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of scale.posting.runs)
      console.log(
        `| sales invoices | ${r.batch} | ${r.posted}/${r.records} | ${r.seconds} | ${r.recordsPerSecond} | ${r.ofBound} | ${loadOf(r.load)} |`,
      );
    const x = scale.posting.exactlyOnce;
    console.log(
      `\nExactly once: ${x.expected} expected, ${x.documents} documents, ${x.missing} missing, ${x.duplicated} duplicated: ${x.ok ? 'ok' : '**FAILED**'}.`,
    );
  }
  const e = scale.embedded;
  if (e) {
    console.log(
      `\n| embedded server, ${n(e.rows)} sales invoices to post | idle | peak during two list reads | after | list reads |`,
    );
    console.log('|---|---|---|---|---|');
    for (const s of [e.before, e.after])
      console.log(
        `| ${s.label} | ${mb(s.idleRssMb)} | ${mb(s.peakRssMb)} | ${mb(s.afterRssMb)} | ${s.reads.map((r: any) => ms(r.ms)).join(', ')} |`,
      );
    console.log(
      '\n| PGlite alone (no server) | at start | idle | after two list reads | VmHWM | list reads |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const p of e.probes)
      console.log(
        `| ${p.name} | ${mb(p.readyMb)} | ${mb(p.idleMb)} | ${mb(p.afterListMb)} | ${mb(p.hwmMb)} | ${p.listMs.map(ms).join(', ')} |`,
      );
  }
  const d = scale.data;
  if (d)
    console.log(
      `\nData: ${d.method}; ${n(d.shape.perKind)} per kind (5 tables) in ${d.big.generate} s, VACUUM ANALYZE ${d.big.vacuumAnalyze} s${d.small ? `; ${n(scale.smallPerKind)} per kind in ${d.small.generate} s` : ''}. Whole run: ${Math.round(scale.totalSeconds / 6) / 10} min.`,
    );
}

/** The bench:scale section below its heading and machine line: the goals, then the details. */
export function printScale(scale: any) {
  goals(scale);
  details(scale);
  console.log('');
}
