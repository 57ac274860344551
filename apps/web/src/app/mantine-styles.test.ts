import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = resolve(SRC, '../../../node_modules');
// The packages whose components the app imports; charts brings core components of its own (the legend's swatch).
const PACKAGES = ['core', 'dates', 'notifications', 'charts'] as const;
const esm = (pkg: string) => join(MODULES, '@mantine', pkg, 'esm');
const STYLES = join(MODULES, '@mantine/core/styles');

/** Export name -> module file, from a Mantine package's ESM index (`import { A, B as C } from "./x.mjs"`). */
function exportsOf(pkg: string): Map<string, string> {
  const map = new Map<string, string>();
  const index = readFileSync(join(esm(pkg), 'index.mjs'), 'utf8');
  for (const [, names, from] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of names!.split(','))
      map.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        join(esm(pkg), from!),
      );
  }
  return map;
}
const exported = Object.fromEntries(PACKAGES.map((pkg) => [pkg, exportsOf(pkg)]));

/** Every Mantine core component directory reached from `file`, following relative and @mantine/* imports. */
function walk(file: string, seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, names, from] of text.matchAll(/import\s*(?:\{([^}]*)\}\s*from\s*)?["']([^"']+)["']/g)) {
    // Inside Mantine only: the app's own files are all walked from sourceFiles().
    if (from!.startsWith('.') && file.startsWith(MODULES)) walk(resolve(dirname(file), from!), seen);
    const pkg = from!.match(/^@mantine\/(core|dates|notifications|charts)$/)?.[1];
    for (const name of pkg && names ? names.split(',') : []) {
      const target = exported[pkg!]!.get(
        name
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0]!,
      );
      if (target) walk(target, seen);
    }
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The core stylesheets the app's Mantine imports need: one per component (or util) directory that has one. */
function neededStylesheets(): Set<string> {
  const seen = new Set<string>();
  for (const file of sourceFiles(SRC)) walk(file, seen);
  const needed = new Set<string>();
  for (const file of seen) {
    const dir = file.match(/@mantine\/core\/esm\/(?:components|utils)\/([A-Za-z]+)\//)?.[1];
    if (dir && existsSync(join(STYLES, `${dir}.css`))) needed.add(dir);
  }
  return needed;
}

const stylesheetsOf = (text: string) =>
  [...text.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map(([, name]) => name!);

const listed = stylesheetsOf(readFileSync(join(SRC, 'app/mantine-styles.ts'), 'utf8'));

/** Stylesheets a lazily loaded screen imports itself (used nowhere else, so they load with its chunk). */
const ownedByScreens = sourceFiles(SRC)
  .filter((file) => !file.endsWith('mantine-styles.ts'))
  .flatMap((file) => stylesheetsOf(readFileSync(file, 'utf8')));

describe("the app's subset of Mantine's stylesheet", () => {
  it('holds the styles of every Mantine component the screens use, and of the components inside them', () => {
    const needed = neededStylesheets();
    // The walk must really see the app's components (a broken walk would pass with nothing needed).
    for (const name of ['Button', 'AppShell', 'Popover', 'Combobox', 'Table', 'Notification', 'ColorSwatch'])
      expect(needed).toContain(name);
    expect([...needed].filter((name) => !listed.includes(name) && !ownedByScreens.includes(name))).toEqual(
      [],
    );
  });

  it("keeps Mantine's own order (base styles first, a component after the ones it builds on)", () => {
    const full = readFileSync(join(MODULES, '@mantine/core/styles.css'), 'utf8');
    const positions = listed.map((name) =>
      full.indexOf(
        readFileSync(join(STYLES, `${name}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      ),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(listed.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });
});
