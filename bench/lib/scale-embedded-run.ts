import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS, pgliteMemoryOptions } from '../../apps/server/src/db/pglite-options.js';
import { ROOT } from './common.js';
import { measureEmbeddedServer, prepareEmbeddedData, probePgliteSettings } from './scale-embedded.js';
import { pgliteOptionsPreload } from './scale-pglite-hook.js';

/**
 * bench:scale (6) end to end: one embedded data directory with `rows` sales invoices to post; the unchanged
 * server started on it with PGlite's own defaults, then with apps/server/src/db/pglite-options.ts (both
 * forced through bench/lib/scale-pglite-hook.ts, so the figures hold whether or not db/client.ts uses the
 * options yet); then PGlite alone under each candidate setting.
 */
export async function measureEmbedded(options: { dir: string; rows: number }) {
  const dataDir = join(options.dir, 'embedded');
  const prepareSeconds = await prepareEmbeddedData(dataDir, options.rows);
  const server = (label: string, forced: Parameters<typeof pgliteOptionsPreload>[2]) =>
    measureEmbeddedServer({
      dataDir,
      logFile: join(options.dir, `api-embedded-${label}.log`),
      rows: options.rows,
      label,
      nodeArgs: pgliteOptionsPreload(options.dir, label, forced),
    });
  const before = await server('pglite-defaults', { startParams: PGlite.defaultStartParams });
  const after = await server(`shared_buffers-${PGLITE_SHARED_BUFFERS}`, pgliteMemoryOptions());
  const probes = await probePgliteSettings(dataDir, options.dir);
  const client = readFileSync(join(ROOT, 'apps/server/src/db/client.ts'), 'utf8');
  return {
    rows: options.rows,
    prepareSeconds,
    sharedBuffers: PGLITE_SHARED_BUFFERS,
    // Whether db/client.ts opens PGlite with pglite-options.ts yet (the "after" server is forced either way).
    wiredInClient: client.includes('pglite-options'),
    before,
    after,
    probes,
  };
}
