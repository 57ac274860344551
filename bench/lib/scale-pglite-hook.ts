import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * Runs an unchanged server with chosen PGlite options (bench:scale figure 6, before/after): node flags that
 * preload a module-resolution hook sending the server's `import ... from '@electric-sql/pglite'` to a small
 * wrapper whose PGlite class merges `options` over the ones the server passes (the given ones win). The hook
 * and the wrapper are plain JavaScript written into `dir`; the wrapper imports PGlite by its file URL, which
 * the hook leaves alone.
 */
export function pgliteOptionsPreload(dir: string, name: string, options: Pick<PGliteOptions, 'startParams'>) {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const wrapper = join(dir, `${name}-pglite-wrapper.mjs`);
  const hook = join(dir, `${name}-pglite-hook.mjs`);
  writeFileSync(
    wrapper,
    `import { PGlite as Base } from ${JSON.stringify(pglite)};
export * from ${JSON.stringify(pglite)};
const forced = ${JSON.stringify(options)};
export class PGlite extends Base {
  constructor(dataDirOrOptions, options) {
    if (typeof dataDirOrOptions === 'string' || dataDirOrOptions === undefined) super(dataDirOrOptions, { ...options, ...forced });
    else super({ ...dataDirOrOptions, ...forced });
  }
}
`,
  );
  writeFileSync(
    hook,
    `export async function resolve(specifier, context, next) {
  if (specifier === '@electric-sql/pglite') return { url: ${JSON.stringify(pathToFileURL(wrapper).href)}, shortCircuit: true };
  return next(specifier, context);
}
`,
  );
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hook).href)});`;
  return ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
}
