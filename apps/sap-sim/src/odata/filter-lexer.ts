import { sapError } from '../errors.js';

export type Token =
  | { kind: 'punct'; value: '(' | ')' | ','; at: number }
  | { kind: 'word'; value: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'number'; value: number; at: number }
  | { kind: 'date'; value: string; at: number };

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(?:\.\d+)?(?![\d-])/y;
// Unquoted v2 date or date-time literals: 2026-03-01, 2026-03-01T00:00:00Z.
const DATE = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?/y;

export const filterError = (detail: string) => sapError('invalidQuery', { option: '$filter', detail });

function readString(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf("'", i);
    if (quote < 0) throw filterError(`unterminated string literal at position ${start}`);
    value += text.slice(i, quote);
    if (text[quote + 1] === "'") {
      value += "'";
      i = quote + 2;
    } else {
      return { value, end: quote + 1 };
    }
  }
}

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

/** Splits a $filter text into tokens; `datetime'...'` (OData v1) becomes a date token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', value: ch, at: i });
      i++;
    } else if (ch === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ kind: 'string', value, at: i });
      i = end;
    } else {
      const date = matchAt(DATE, text, i);
      const number = date ? undefined : matchAt(NUMBER, text, i);
      const word = date || number ? undefined : matchAt(WORD, text, i);
      if (date) {
        tokens.push({ kind: 'date', value: date, at: i });
        i += date.length;
      } else if (number) {
        tokens.push({ kind: 'number', value: Number(number), at: i });
        i += number.length;
      } else if (word && word === 'datetime' && text[i + word.length] === "'") {
        const { value, end } = readString(text, i + word.length);
        tokens.push({ kind: 'date', value, at: i });
        i = end;
      } else if (word) {
        tokens.push({ kind: 'word', value: word, at: i });
        i += word.length;
      } else {
        throw filterError(`unexpected character '${ch}' at position ${i}`);
      }
    }
  }
  return tokens;
}
