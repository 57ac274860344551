import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { bundleBreakdown } from './bundle-breakdown.js';
import { log, round, ROOT } from './common.js';

/**
 * bench:web (a), what the SPA weighs: building an SPA with Vite, the JS and CSS a page loads (each gzipped
 * here), what the big chunks hold, and the static server the baseline build is loaded from.
 */

const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Bytes as KiB with one decimal, for the log. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Builds the SPA at `root` into `outDir` with the repository's Vite; answers what was built and how long it took. */
export function viteBuild(root: string, outDir: string, extra: string[] = []) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [VITE, 'build', root, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extra],
    { cwd: ROOT, encoding: 'utf8', timeout: 600_000 },
  );
  if (result.status !== 0) throw new Error(`vite build ${root} failed: ${result.stderr || result.stdout}`);
  const seconds = round((Date.now() - started) / 1000);
  log(`Built ${root.replace(ROOT, '')} into ${outDir} in ${seconds} s`);
  return { root: root.replace(ROOT, ''), seconds };
}

/** Per-package breakdown of each loaded JS chunk over 20 KB, matched by chunk name in the source-map build. */
export function breakdowns(mapsDist: string, files: Asset[]) {
  const built = readdirSync(join(mapsDist, 'assets')).filter((f) => f.endsWith('.js'));
  const out: Record<string, { total: number; top: { name: string; bytes: number; share: number }[] }> = {};
  for (const file of files) {
    if (file.type !== 'js' || file.bytes < 20_000) continue;
    const chunk = file.path
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '');
    if (out[chunk]) continue;
    const match = built.find((f) => f.replace(/-[\w-]{8}\.js$/, '') === chunk);
    if (!match) continue;
    const result = bundleBreakdown(join(mapsDist, 'assets', match));
    out[chunk] = { total: result.total, top: result.byPackage.slice(0, 15) };
  }
  return out;
}

/** One JS or CSS file a page loaded: its raw and gzipped size, and how the server sent it. */
export type Asset = {
  path: string;
  type: 'js' | 'css';
  bytes: number;
  gzip: number;
  contentEncoding: string | null;
};
export type AssetSet = {
  files: Asset[];
  js: { bytes: number; gzip: number };
  css: { bytes: number; gzip: number };
  bytes: number;
  gzip: number;
};

/** Every .js/.css response while `action` runs (and the network settles), each gzipped at level 6. */
export async function collectAssets(page: Page, action: () => Promise<void>): Promise<AssetSet> {
  const pending: Promise<Asset | undefined>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const type = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : undefined;
    if (!type || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => ({
          path,
          type,
          bytes: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
          contentEncoding: response.headers()['content-encoding'] ?? null,
        }),
        () => undefined,
      ),
    );
  });
  await action();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((a): a is Asset => a !== undefined);
  const sum = (list: Asset[], key: 'bytes' | 'gzip') => list.reduce((s, a) => s + a[key], 0);
  const js = files.filter((f) => f.type === 'js');
  const css = files.filter((f) => f.type === 'css');
  return {
    files,
    js: { bytes: sum(js, 'bytes'), gzip: sum(js, 'gzip') },
    css: { bytes: sum(css, 'bytes'), gzip: sum(css, 'gzip') },
    bytes: sum(files, 'bytes'),
    gzip: sum(files, 'gzip'),
  };
}

/** A minimal static server on 127.0.0.1 for the baseline build (no compression, like the app's server). */
export function serveStatic(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      file = join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
      });
    }),
  );
}
