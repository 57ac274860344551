import { isoDay } from '@ff/contract';
import { loadEnv } from '../../config/env.js';
import { commandLineContext, userPath, type CliCommand } from '../../lib/cli-command.js';
import { KIND_NOUNS } from '../imports/import-schemas.js';
import type { ImportsService } from '../imports/imports.service.js';
import { createDemoDataService, generateDemoSet, writeDemoFiles } from './demo-data.service.js';
import { MAX_DEMO_COUNT } from './demo-generator.js';

const USAGE =
  'Usage: demo-data [--count N] [--seed S] [--today yyyy-MM-dd] [--out DIR]   (defaults: --count 250 --seed 42)';

type DemoArgs = { count: number; seed: string; today?: string; out?: string; foreign: boolean };

/** `--count 10 --seed 7 --out ./demo` (also `--count=10`); a sentence on misuse. */
export function parseDemoArgs(args: readonly string[]): DemoArgs | string {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const match = /^--(count|seed|today|out)(?:=(.*))?$/.exec(args[i]!);
    if (!match) return `Unknown argument "${args[i]}".`;
    const value = match[2] ?? args[(i += 1)];
    if (value === undefined || value === '') return `--${match[1]} needs a value.`;
    values[match[1]!] = value;
  }
  const count = Number(values.count ?? 250);
  if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_COUNT)
    return `--count must be a whole number from 1 to ${MAX_DEMO_COUNT}.`;
  if (values.today !== undefined && !isoDay.safeParse(values.today).success)
    return '--today must be a real day written yyyy-MM-dd.';
  return {
    count,
    seed: values.seed ?? '42',
    // The set `npm start` loads: transit trips in USD, VAT groups on the invoices.
    foreign: true,
    ...(values.today ? { today: values.today } : {}),
    ...(values.out ? { out: values.out } : {}),
  };
}

async function writeToFiles(args: DemoArgs & { out: string }): Promise<number> {
  const env = loadEnv();
  const written = await writeDemoFiles(generateDemoSet(args, env.APP_TIMEZONE), userPath(args.out));
  for (const file of written)
    console.log(`${file.path}: ${file.rows} ${KIND_NOUNS[file.kind][file.rows === 1 ? 0 : 1]}`);
  console.log(`Load them with: npm run import -- <kind> <file.json>`);
  return 0;
}

/** The demo-data command: writes the set to files (offline) or loads it through the import service. */
export const demoDataCommands: Record<string, CliCommand<{ imports: ImportsService }>> = {
  'demo-data': {
    help: 'demo-data [--count N] [--seed S] [--today yyyy-MM-dd] [--out DIR]: deterministic demo records; with --out writes JSON files, else loads them.',
    runOffline(args) {
      const parsed = parseDemoArgs(args);
      if (typeof parsed === 'string') {
        console.error(`${parsed}\n${USAGE}`);
        return Promise.resolve(2);
      }
      return parsed.out ? writeToFiles({ ...parsed, out: parsed.out }) : undefined;
    },
    async run({ imports, env }, args) {
      const parsed = parseDemoArgs(args);
      if (typeof parsed === 'string') {
        console.error(`${parsed}\n${USAGE}`);
        return 2;
      }
      const demo = createDemoDataService({ imports, timeZone: env.APP_TIMEZONE });
      const reports = await demo.load(
        generateDemoSet(parsed, env.APP_TIMEZONE),
        parsed.seed,
        commandLineContext(),
      );
      for (const report of reports) {
        console.log(
          `${KIND_NOUNS[report.kind][1]}: ${report.inserted} inserted, ${report.updated} updated, ` +
            `${report.unchanged} unchanged (posting started), ${report.rejected.length} rejected`,
        );
      }
      return reports.some((report) => report.rejected.length > 0) ? 1 : 0;
    },
  },
};
