import {
  reconciliationStartBody,
  type ReconciliationDifference,
  type ReconciliationSummary,
} from '@ff/contract';
import { startEmbeddedSimulator } from '../../erp/embedded-simulator.js';
import { commandLineContext, type CliCommand } from '../../lib/cli-command.js';
import type { ReconciliationService } from './reconciliation.service.js';

const USAGE = 'Usage: reconcile --from YYYY-MM-DD --to YYYY-MM-DD';

/** `--from 2026-01-01 --to 2026-01-07` (or `--from=...`) -> the range, or the problem. */
export function parseRangeArgs(args: string[]): { fromDate: string; toDate: string } | { problem: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    if (flag !== '--from' && flag !== '--to') return { problem: `Unknown argument '${args[i]}'.` };
    const value = inline ?? args[(i += 1)];
    if (value === undefined) return { problem: `${flag} needs a date.` };
    values[flag.slice(2)] = value;
  }
  const parsed = reconciliationStartBody.safeParse({ fromDate: values.from, toDate: values.to });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'fromDate' ? '--from' : '--to';
    const missing = values[field.slice(2)] === undefined;
    return { problem: missing ? `${field} is required.` : `${field}: ${issue?.message ?? 'invalid'}` };
  }
  return parsed.data;
}

const SUMMARY_LABELS: [keyof ReconciliationSummary, string][] = [
  ['missingInSap', 'missing in SAP'],
  ['cancelledInSap', 'cancelled in SAP'],
  ['notPostedHere', 'not posted here'],
  ['duplicateInSap', 'duplicate in SAP'],
  ['amountDiffers', 'amount differs'],
  ['dateDiffers', 'date differs'],
];

export function formatReconciliation(
  run: { id: number; fromDate: string; toDate: string },
  summary: ReconciliationSummary,
  differences: ReconciliationDifference[],
): string {
  const head = `Reconciliation #${run.id} of postings dated ${run.fromDate} to ${run.toDate}: ${summary.matched} matched, ${differences.length} difference${differences.length === 1 ? '' : 's'}.`;
  if (!differences.length) return head;
  const counts = SUMMARY_LABELS.filter(([field]) => summary[field] > 0)
    .map(([field, label]) => `${label} ${summary[field]}`)
    .join(', ');
  return [head, `  ${counts}`, ...differences.map((d) => `  - ${d.message}`)].join('\n');
}

/** `npm run cli -- reconcile --from ... --to ...`: 0 no differences, 1 differences, 2 bad arguments or SAP away. */
export const reconciliationCommands: Record<
  string,
  CliCommand<{ afterPosting: { reconciliation: ReconciliationService } }>
> = {
  reconcile: {
    help: "Compares our postings dated --from..--to with SAP's documents; exit code 1 when they differ.",
    runOffline(args) {
      const range = parseRangeArgs(args);
      if (!('problem' in range)) return undefined;
      console.error(`${range.problem}\n${USAGE}`);
      return Promise.resolve(2);
    },
    // Without SAP_SL_URL it asks the embedded simulator (on its state in DATA_DIR, as `npm start` does).
    async setUp(env) {
      if (env.SAP_SL_URL) return undefined;
      const simulator = await startEmbeddedSimulator({ dataDir: env.DATA_DIR, port: 0 });
      console.log(`SAP_SL_URL is not set: reconciling with the embedded simulator (${simulator.stateFile}).`);
      return { env: { ...env, SAP_SL_URL: simulator.url }, close: () => simulator.close() };
    },
    async run({ afterPosting }, args) {
      const range = parseRangeArgs(args);
      if ('problem' in range) return 2;
      const run = await afterPosting.reconciliation.runNow(range, commandLineContext());
      if (run.status !== 'done' || !run.summary) {
        console.error(`Reconciliation #${run.id} failed: ${run.error ?? 'it did not finish'}`);
        return 2;
      }
      const differences = (run.differences as ReconciliationDifference[] | null) ?? [];
      const output = formatReconciliation(run, run.summary as ReconciliationSummary, differences);
      console.log(output);
      return differences.length ? 1 : 0;
    },
  },
};
