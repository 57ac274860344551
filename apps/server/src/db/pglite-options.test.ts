import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SHARED_BUFFERS, pgliteMemoryOptions } from './pglite-options.js';

/** What the embedded database runs with when opened with the memory options (bench:scale figure 6). */
describe('pgliteMemoryOptions', () => {
  let db: PGlite;
  const show = async (name: string) =>
    (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];

  beforeAll(async () => {
    db = new PGlite(pgliteMemoryOptions());
    await db.waitReady;
  });
  afterAll(() => db.close());

  it('gives PostgreSQL the smaller buffer pool', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await show('shared_buffers')).toBe('32MB');
  });

  it("keeps PGlite's own start parameters (public search path, no parallel workers)", async () => {
    expect(await show('search_path')).toBe('public');
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
    expect(await show('max_worker_processes')).toBe('0');
    expect(pgliteMemoryOptions().startParams!.slice(0, PGlite.defaultStartParams.length)).toEqual(
      PGlite.defaultStartParams,
    );
  });
});
