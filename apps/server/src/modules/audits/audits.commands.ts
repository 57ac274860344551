import type { CliCommand } from '../../lib/cli-command.js';
import { formatAnchor, parseAnchor, type AuditAnchor } from './audit-chain.js';
import type { AuditService, ChainReport } from './audit.service.js';

/** `--anchor <id>:<mac>` (repeatable, or `--anchor=<id>:<mac>`); anything else is a usage error. */
function anchorsOf(args: string[]): AuditAnchor[] {
  const anchors: AuditAnchor[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--anchor') {
      const value = args[(i += 1)];
      if (value === undefined)
        throw new Error('--anchor needs a value: <row id>:<mac>, as printed by audit:anchor.');
      anchors.push(parseAnchor(value));
    } else if (arg.startsWith('--anchor=')) anchors.push(parseAnchor(arg.slice('--anchor='.length)));
    else throw new Error(`Unknown argument "${arg}". Usage: audit:verify [--anchor <row id>:<mac>]...`);
  }
  return anchors;
}

/** Every problem, one line each, on stderr. */
function reportBroken(report: ChainReport) {
  console.error(`Audit chain BROKEN: ${report.breaks.length} problem(s) in ${report.rows} rows.`);
  for (const item of report.breaks) console.error(`  row ${item.id}: ${item.reason}`);
}

/** The audit log's commands, on the audit service. */
export const auditCommands: Record<string, CliCommand<{ audit: AuditService }>> = {
  'audit:verify': {
    help: "Verifies the audit log's chain and lists every row that fails; --anchor <id>:<mac> also checks a kept head.",
    async run({ audit }, args) {
      let anchors: AuditAnchor[];
      try {
        anchors = anchorsOf(args);
      } catch (error) {
        console.error((error as Error).message);
        return 2;
      }
      const report = await audit.verify({ anchors });
      if (report.breaks.length > 0) {
        reportBroken(report);
        return 1;
      }
      const keyed =
        report.keyedFrom === undefined ? '' : `, keyed (HMAC-SHA-256) from row ${report.keyedFrom}`;
      console.log(`Audit chain intact: ${report.rows} rows verified${keyed}.`);
      for (const anchor of anchors) console.log(`Anchor ${formatAnchor(anchor)} matches.`);
      return 0;
    },
  },
  'audit:anchor': {
    help: "Prints the audit log's head (<id>:<mac>) to keep outside this server; audit:verify --anchor checks it later.",
    async run({ audit }) {
      const report = await audit.verify();
      if (report.breaks.length > 0) {
        console.error('Not anchoring a chain that does not verify:');
        reportBroken(report);
        return 1;
      }
      if (!report.head) {
        console.error('The audit log is empty: nothing to anchor.');
        return 1;
      }
      // The anchor alone on stdout (`npm run -s audit:anchor >> anchors.txt`); the advice on stderr.
      console.log(formatAnchor(report.head));
      console.error(
        `Keep this line where the database's owner cannot change it; later: npm run audit:verify -- --anchor ${formatAnchor(report.head)}`,
      );
      return 0;
    },
  },
};
