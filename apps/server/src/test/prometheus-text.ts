/**
 * Tests only: a reader of the Prometheus text exposition format (version 0.0.4), strict enough to prove that
 * what GET /metrics answers is that format: every line is a comment, a HELP or TYPE line, or a sample of a family
 * whose TYPE came before it; label values are unescaped (`\\`, `\"`, `\n`).
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = {
  samples: Sample[];
  /** Each family's type (counter, gauge, histogram, summary, untyped) by its name. */
  types: Map<string, string>;
  help: Map<string, string>;
};

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};

/** A sample value as Prometheus reads it (Go's ParseFloat: `NaN`, `+Inf`, `-Inf` in any case; prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  if (/^[+]?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`Not a sample value: ${line}`);
  return value;
}

/** `{a="1",b="x\"y"}` at the start of `rest`: the labels and what follows the closing brace. */
function parseLabels(rest: string, line: string): [Record<string, string>, string] {
  const labels: Record<string, string> = {};
  let i = 1;
  for (;;) {
    if (rest[i] === '}') return [labels, rest.slice(i + 1)];
    const name = LABEL_NAME.exec(rest.slice(i))?.[0];
    if (!name || rest[i + name.length] !== '=' || rest[i + name.length + 1] !== '"')
      throw new Error(`Malformed labels: ${line}`);
    i += name.length + 2;
    let value = '';
    for (; rest[i] !== '"'; i += 1) {
      if (i >= rest.length) throw new Error(`Unterminated label value: ${line}`);
      if (rest[i] === '\\') {
        i += 1;
        const escaped = rest[i];
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`Bad escape in a label value: ${line}`);
      } else value += rest[i];
    }
    if (name in labels) throw new Error(`Label ${name} twice: ${line}`);
    labels[name] = value;
    i += 1;
    if (rest[i] === ',') i += 1;
    else if (rest[i] !== '}') throw new Error(`Malformed labels: ${line}`);
  }
}

/** The family a sample belongs to: its own name, or (histograms, summaries) the name without the suffix. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const [type, suffixes] of Object.entries(SUFFIXES))
    for (const suffix of suffixes)
      if (name.endsWith(suffix) && types.get(name.slice(0, -suffix.length)) === type)
        return name.slice(0, -suffix.length);
  return undefined;
}

export function parsePrometheusText(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (kind === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest))
          throw new Error(`Unknown metric type: ${line}`);
        if (types.has(name)) throw new Error(`TYPE of ${name} twice`);
        types.set(name, rest);
      } else help.set(name, rest);
      continue;
    }
    if (line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`Not a sample: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) [labels, rest] = parseLabels(rest, line);
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2)
      throw new Error(`Malformed sample: ${line}`);
    if (!familyOf(name, types)) throw new Error(`Sample of a family without a TYPE line before it: ${line}`);
    samples.push({ name, labels, value: parseValue(parts[0]!, line) });
  }
  return { samples, types, help };
}

/** The samples named `name` whose labels include `labels`. */
export const samplesOf = (exposition: Exposition, name: string, labels: Record<string, string> = {}) =>
  exposition.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

/** The value of the one sample named `name` with exactly these labels; undefined when there is none. */
export function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}) {
  const found = exposition.samples.filter(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
