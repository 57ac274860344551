// `node scripts/check-inside-repo.mjs` (.ci/run, before the tests): a clone of this repository must build and
// test on its own, so no source, test, config or script file may read a path outside it. It fails, naming
// file and line, on:
//  - the reference folder beside the repository: `/work/shared`, or `shared/reference`, `shared/design`,
//    `shared/spec` (copy what is needed into the repository instead, as apps/sap-sim/reference/ holds SAP's
//    $metadata);
//  - a relative path whose `..` segments climb above the repository root, resolved from the file's folder
//    (imports, `new URL('..', import.meta.url)`) and, for paths that are not imports, from its package's
//    folder too (npm runs a workspace's scripts there): `'../shared/x.xml'`, `join(dir, '..', '..')`.
// Documentation (*.md) may mention ../shared as the reference for people; comment lines are skipped too.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Files that tooling executes or reads: sources, tests, configs, scripts. */
const CHECKED = /\.(?:[cm]?[jt]sx?|json|ya?ml|sh|toml)$|(?:^|\/)(?:Dockerfile|\.ci\/run|\.npmrc)$/;
/** Data and generated files: not read as code. */
const SKIPPED = /(?:^|\/)(?:package-lock\.json|bench\/results\/|apps\/server\/drizzle\/meta\/)/;
const MAX_BYTES = 1_000_000;

/** The reference folder beside the repository, by its absolute path or by its sub-folders' names. */
const REFERENCE_NAMES = /\/work\/shared|shared\/(?:reference|design|spec)\b/;
const COMMENT = /^\s*(?:\/\/|\/?\*|#)/;
/** A quoted path that starts with `..` segments: '../x', "../../x", `..`. */
const CLIMBING_LITERAL = /(['"`])((?:\.\.(?:\/|(?=\1)))+[^'"`]*)\1/g;
/** A line that imports or resolves from the file itself rather than from the working directory. */
const FILE_RELATIVE =
  /^\s*(?:import|export)\b|\bfrom\s*['"]|\bimport\s*\(|\brequire\s*\(|import\.meta\.(?:url|dirname)|__dirname/;

/** Folders that hold installed, built or run-time files, never sources. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report']);

/** The tracked files and new ones git does not ignore; outside a git checkout (an unpacked archive), every file. */
export function repositoryFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(listed.split('\0').filter(Boolean))];
  } catch {
    const files = [];
    const visit = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!NOT_SOURCES.has(entry.name)) visit(path);
        } else files.push(path);
      }
    };
    visit('');
    return files;
  }
}

/** The folder of the nearest package.json at or above `dir` (npm's working directory for its scripts). */
function packageDirOf(root, dir) {
  for (let at = dir; at.startsWith(root); at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (at === root) break;
  }
  return root;
}

const outside = (root, path) => path !== root && !path.startsWith(root + sep);

/** Every read of a path outside `root` in `files` (paths relative to root): { file, line, text, why }. */
export function findOutsideReads(root, files) {
  const problems = [];
  for (const file of files) {
    if (!CHECKED.test(file) || SKIPPED.test(file)) continue;
    const path = join(root, file);
    if (!existsSync(path) || statSync(path).size > MAX_BYTES) continue;
    const dir = dirname(path);
    const packageDir = packageDirOf(root, dir);
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (COMMENT.test(text)) return;
        const report = (why) => problems.push({ file, line: index + 1, text: text.trim(), why });
        const named = REFERENCE_NAMES.exec(text);
        if (named) report(`names ${named[0]}, outside the repository`);
        // `join(here, '..', '..')`: one climb per '..' argument, from the file's folder.
        const dotArgs = text.match(/(['"])\.\.\1/g)?.length ?? 0;
        if (dotArgs > 1 && outside(root, resolve(dir, ...Array(dotArgs).fill('..'))))
          report(`climbs ${dotArgs} folders up from ${relative(root, dir) || '.'}, above the repository`);
        for (const { 2: literal, index: at } of text.matchAll(CLIMBING_LITERAL)) {
          // After a comma it is joined to some folder (`resolve(SRC, '../..')`), taken as the file's own;
          // otherwise, outside an import, it may be read from the working directory (the package's folder).
          const joined = /,\s*$/.test(text.slice(0, at));
          const bases = FILE_RELATIVE.test(text) || joined ? [dir] : [dir, packageDir];
          const base = bases.find((from) => outside(root, resolve(from, literal)));
          if (base)
            report(`'${literal}' from ${relative(root, base) || '.'} resolves outside the repository`);
        }
      });
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  // This check and its test name what they look for (the test's fixtures are such reads, on purpose).
  const self = relative(root, fileURLToPath(import.meta.url));
  const own = new Set([self, self.replace(/\.mjs$/, '.test.mjs')]);
  const problems = findOutsideReads(
    root,
    repositoryFiles(root).filter((file) => !own.has(file)),
  );
  for (const { file, line, text, why } of problems) console.error(`${file}:${line}: ${why}\n    ${text}`);
  if (problems.length) {
    console.error(
      `\n${problems.length} read(s) of paths outside the repository. A clone must build and test on its own: ` +
        'copy what is needed into the repository (e.g. apps/sap-sim/reference/) and read it from there.',
    );
    process.exit(1);
  }
  console.log('No file reads a path outside the repository.');
}
