// Bundles the server entry points into dist/. npm packages stay external (resolved from node_modules at
// run time); our own workspace packages (@ff/contract) are bundled from their TypeScript source.
import { readFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@ff/'),
);
const entries = readdirSync(new URL('../src', import.meta.url)).filter((f) =>
  /^(main|cli|worker)\.ts$/.test(f),
);

await build({
  entryPoints: entries.map((f) => `src/${f}`),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  conditions: ['source'],
  external: [...external, '@ff/sap-sim'],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __ffCreateRequire } from 'node:module'; const require = __ffCreateRequire(import.meta.url);",
  },
});
