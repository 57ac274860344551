#!/usr/bin/env node
/**
 * Import cycles, type imports included (`npm run check:cycles`, part of `npm run lint`).
 *
 * ESLint's import-x/no-cycle skips `import type`, and a cycle of types still ties two modules together: a
 * change to either means reading both. dpdm reads the TypeScript sources as written (`transform: false` keeps
 * the type imports) and resolves each workspace's imports through its own tsconfig (the web's `@/` alias).
 * Every source file of a workspace is an entry, so code reached only from a test or a lazy route counts too.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['packages/contract', 'apps/sap-sim', 'apps/server', 'apps/web', 'e2e', 'bench'];

let found = 0;
for (const workspace of WORKSPACES) {
  const dir = path.join(root, workspace);
  const tsconfig = path.join(dir, 'tsconfig.json');
  const tree = await parseDependencyTree(['**/*.ts', '**/*.tsx'], {
    context: dir,
    cwd: dir,
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    js: ['.ts', '.tsx', '.mjs', '.js'],
    include: /\.(ts|tsx|mjs|js)$/,
    exclude: /node_modules|\/dist\//,
    tsconfig: existsSync(tsconfig) ? tsconfig : undefined,
    transform: false,
    skipDynamicImports: false,
    onProgress: () => {},
  });
  const cycles = parseCircular(tree, false);
  for (const cycle of cycles) {
    found += 1;
    console.error(`${workspace}: ${[...cycle, cycle[0]].join(' -> ')}`);
  }
  console.log(`${workspace}: ${Object.keys(tree).length} modules, ${cycles.length} import cycles`);
}
if (found > 0) {
  console.error(
    `\n${found} import cycles (type imports included). Move the shared types or code to a module both can import.`,
  );
  process.exit(1);
}
