import type { CliCommand } from '../../lib/cli-command.js';
import type { DashboardCounters } from './dashboard-counters.js';

/** The most differences printed one per line; the rest are counted. */
const SHOWN = 50;

/** The dashboard's operator commands: checking (and repairing) its running totals (issue 30). */
export const dashboardCommands: Record<string, CliCommand<{ dashboardCounters: DashboardCounters }>> = {
  'dashboard:check': {
    help: "Recounts the dashboard's figures from the records and compares them with its running totals; --repair counts them afresh.",
    async run({ dashboardCounters }, args) {
      const repair = args.includes('--repair');
      const unknown = args.filter((arg) => arg !== '--repair');
      if (unknown.length) {
        console.error(`Unknown argument "${unknown[0]}". Usage: dashboard:check [--repair]`);
        return 2;
      }
      const drift = await dashboardCounters.check();
      if (!drift.length) {
        console.log("The dashboard's running totals equal a recount of the records.");
        return 0;
      }
      console.error(`The dashboard's running totals differ from a recount in ${drift.length} place(s):`);
      for (const d of drift.slice(0, SHOWN))
        console.error(
          `  ${d.step} ${d.status} ${d.day}${d.currency ? ` ${d.currency}` : ''}: kept ${d.kept.count} / ${d.kept.amount}, counted ${d.counted.count} / ${d.counted.amount}`,
        );
      if (drift.length > SHOWN) console.error(`  ... and ${drift.length - SHOWN} more.`);
      if (!repair) {
        console.error('Run dashboard:check --repair to count them afresh.');
        return 1;
      }
      await dashboardCounters.install(true);
      const after = await dashboardCounters.check();
      console.log(
        after.length ? 'Repair did not settle every difference.' : 'Counted afresh: they now agree.',
      );
      return after.length ? 1 : 0;
    },
  },
};
