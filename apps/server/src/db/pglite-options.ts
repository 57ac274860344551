import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * The PostgreSQL buffer pool of the embedded database (issue 13, bench:scale figure 6). PGlite starts
 * PostgreSQL with initdb's `shared_buffers = 128MB` inside its WASM heap and touches all of it at start,
 * so an idle embedded server held about 470 MB. With 32 MB it holds about 110 MB less, idle and after a
 * 100,000-row list, and reads that list as fast (bench:scale's PGlite probe; 16 MB saves ~30 MB more but
 * read the list up to 2x slower). The WASM heap's own initial 128 MB cannot be lowered (PGlite refuses to
 * start below the module's minimum), and `wal_buffers` follows `shared_buffers` (1/32 of it).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * The options db/client.ts opens PGlite with, beside its extensions: PGlite's own start parameters (single
 * user mode, no parallel workers...) plus the smaller buffer pool. PGlite replaces its defaults with any
 * `startParams` given, hence the copy of them first.
 */
export function pgliteMemoryOptions(): Pick<PGliteOptions, 'startParams'> {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}
