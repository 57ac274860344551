import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';

/**
 * Minified bytes of one built chunk per origin package, from its source map: each generated segment
 * counts for the source it maps to (unmapped bytes count as "(unmapped)").
 */
export function bundleBreakdown(jsFile: string): {
  total: number;
  byPackage: { name: string; bytes: number; share: number }[];
} {
  const code = readFileSync(jsFile, 'utf8');
  const map = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8')) as ConstructorParameters<
    typeof SourceMapConsumer
  >[0];
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const segments: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping(
    (m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  const bytes = new Map<string, number>();
  const add = (name: string, n: number) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  let mapped = 0;
  for (let i = 0; i < segments.length; i += 1) {
    const s = segments[i]!;
    const next = segments[i + 1];
    const lineLength = lines[s.line - 1]?.length ?? 0;
    const end = next && next.line === s.line ? next.column : lineLength;
    const n = Math.max(0, end - s.column);
    mapped += n;
    add(packageOf(s.source), n);
  }
  const total = Buffer.byteLength(code);
  add('(unmapped)', Math.max(0, code.length - mapped));
  const byPackage = [...bytes]
    .map(([name, n]) => ({ name, bytes: n, share: Number((n / code.length).toFixed(3)) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { total, byPackage };
}

function packageOf(source: string | null): string {
  if (!source) return '(unmapped)';
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (source.includes('packages/contract/')) return '@ff/contract (packages/contract)';
  const web = source.indexOf('apps/web/src/');
  if (web >= 0) return `apps/web/src/${source.slice(web + 'apps/web/src/'.length).split('/')[0]}`;
  return source;
}
