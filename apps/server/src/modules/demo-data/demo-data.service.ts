import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SYSTEM_ACTOR, type AuditContext } from '../../lib/audit-context.js';
import { formatDay } from '../../lib/time.js';
import { IMPORT_KINDS, type ImportKind } from '../imports/import-schemas.js';
import type { ImportReport, ImportsService } from '../imports/imports.service.js';
import { generateDemoData, type DemoDataSet } from './demo-generator.js';

/** What embedded `npm start` loads into an empty database. */
export const STARTUP_DEMO = { count: 250, seed: 42, foreign: true } as const;
/** Rows per import call (one transaction each) when loading a large set. */
const BATCH = 10_000;

export type DemoRequest = {
  count: number;
  seed: string | number;
  today?: string | undefined;
  /** Transit trips in USD and VAT groups on the invoices (demo-generator.ts `foreign`). */
  foreign?: boolean;
};

/** The demo set for a request; the reference day defaults to today in `timeZone`. */
export const generateDemoSet = (request: DemoRequest, timeZone: string): DemoDataSet =>
  generateDemoData({ ...request, today: request.today ?? formatDay(new Date(), timeZone), timeZone });

/** One JSON file per kind, `<dir>/<kind>.json`, each accepted by `npm run import`. */
export async function writeDemoFiles(
  set: DemoDataSet,
  dir: string,
): Promise<{ kind: ImportKind; path: string; rows: number }[]> {
  await mkdir(dir, { recursive: true });
  const written = [];
  for (const kind of IMPORT_KINDS) {
    const path = join(dir, `${kind}.json`);
    await writeFile(path, `${JSON.stringify(set[kind], null, 2)}\n`);
    written.push({ kind, path, rows: set[kind].length });
  }
  return written;
}

export function createDemoDataService(deps: { imports: ImportsService; timeZone: string }) {
  const { imports, timeZone } = deps;

  /** Loads a set through the import service (validation, upsert by source id, audit). */
  async function load(
    set: DemoDataSet,
    seed: string | number,
    context: AuditContext,
  ): Promise<ImportReport[]> {
    const reports: ImportReport[] = [];
    for (const kind of IMPORT_KINDS) {
      const rows: readonly unknown[] = set[kind];
      for (let start = 0; start < rows.length; start += BATCH) {
        reports.push(
          await imports.importJson(kind, rows.slice(start, start + BATCH), {
            context,
            via: `as demo data (seed ${seed})`,
          }),
        );
      }
    }
    return reports;
  }

  return {
    load,

    /** The start-up demo set, only into a database without any trip record. Answers whether it loaded. */
    async loadIfEmpty(): Promise<boolean> {
      if (await imports.hasAnyRecords()) return false;
      await load(generateDemoSet(STARTUP_DEMO, timeZone), STARTUP_DEMO.seed, {
        actor: SYSTEM_ACTOR,
        ip: '127.0.0.1',
      });
      return true;
    },
  };
}

export type DemoDataService = ReturnType<typeof createDemoDataService>;
