import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutsideReads } from './check-inside-repo.mjs';

/**
 * The CI check that a clone builds and tests on its own (.ci/run): what it reports (file and line) and what
 * it lets through, on a small repository laid out like ours (a root package and a workspace under apps/).
 */
const FILES = {
  'package.json': '{}',
  'apps/sim/package.json': '{}',
  // The reads a clone cannot satisfy.
  'apps/sim/src/metadata.test.ts': [
    'const METADATA = fileURLToPath(',
    "  new URL('../../../../shared/reference/metadata.xml', import.meta.url),",
    ');',
  ].join('\n'),
  'scripts/sync.mjs': "const spec = readFileSync('../shared/spec/spec.md', 'utf8');",
  'apps/sim/src/paths.ts': "const above = join(here, '..', '..', '..', '..');",
  'bench/lib/io.ts': "const doc = '/work/shared/design/architecture.md';",
  'apps/sim/src/kinds/one/index.ts': "import {\n  a,\n} from '../../../../../../outside.js';",
  // What stays inside: sibling folders named shared, the repository root, comments and prose.
  'apps/sim/src/kinds/two/index.ts': "import { kind } from '../shared/kind.js';",
  'e2e/support/root.ts': "const repoRoot = fileURLToPath(new URL('../..', import.meta.url));",
  'apps/sim/src/styles.test.ts': "const MODULES = resolve(SRC, '../../node_modules');",
  'apps/sim/src/note.ts': '// the reference: ../shared/reference/metadata.xml beside the repository',
  'docs/notes.md': 'A copy of `../shared/spec/spec.md`, kept in step.',
};

let root;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ff-inside-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('check-inside-repo', () => {
  it('names the file and line of every read outside the repository', () => {
    const found = findOutsideReads(root, Object.keys(FILES)).map(({ file, line }) => `${file}:${line}`);
    expect([...new Set(found)].sort()).toEqual([
      'apps/sim/src/kinds/one/index.ts:3',
      'apps/sim/src/metadata.test.ts:2',
      'apps/sim/src/paths.ts:1',
      'bench/lib/io.ts:1',
      'scripts/sync.mjs:1',
    ]);
  });

  it('says why: the reference folder by name, or where a relative path climbs out from', () => {
    const whys = findOutsideReads(root, ['apps/sim/src/metadata.test.ts', 'scripts/sync.mjs']).map(
      (problem) => problem.why,
    );
    expect(whys).toEqual([
      'names shared/reference, outside the repository',
      "'../../../../shared/reference/metadata.xml' from apps/sim/src resolves outside the repository",
      'names shared/spec, outside the repository',
      "'../shared/spec/spec.md' from . resolves outside the repository",
    ]);
  });
});
