import { parseFilterDate } from '../dates.js';
import { ENUMS, type EnumName, type PropertyDef, type StructuredTypeDef } from '../entities.js';
import type { EntityRecord } from '../records.js';
import { filterError, tokenize, type Token } from './filter-lexer.js';

/**
 * $filter: comparisons (eq ne gt ge lt le), and / or / not, parentheses, string, number, date and null
 * literals, and startswith / endswith / contains / substringof. Property names and literal types are checked
 * against the entity type at parse time, so a typo answers 400 instead of silently matching nothing, which
 * would make the exactly-once look-up believe a posted document does not exist.
 * String comparison is case-sensitive (SAP on HANA; SQL Server companies compare case-insensitively).
 */
export type FilterFn = (entity: EntityRecord) => boolean;
type Value = string | number | boolean | null;
type Operand =
  { kind: 'property'; name: string; def: PropertyDef } | { kind: 'literal'; token: Token | 'null' };
type Resolved = (entity: EntityRecord) => Value;

const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
type ComparisonOp = (typeof COMPARISONS)[number];
const FUNCTIONS = ['startswith', 'endswith', 'contains', 'substringof'] as const;
type FunctionName = (typeof FUNCTIONS)[number];

function compare(a: Value, b: Value, op: ComparisonOp): boolean {
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  if (a === null || b === null || typeof a !== typeof b) return false;
  const [x, y] = [a as string | number, b as string | number];
  return op === 'gt' ? x > y : op === 'ge' ? x >= y : op === 'lt' ? x < y : x <= y;
}

const describe = (token: Token | undefined): string =>
  token ? `'${String(token.value)}' at position ${token.at}` : 'end of expression';

/** Turns a literal into the value space of the property it is compared with. */
function coerce(token: Token | 'null', def: PropertyDef, property: string): Value {
  if (token === 'null') return null;
  const type = def.type;
  if (type === 'Edm.Int32' || type === 'Edm.Double') {
    if (token.kind === 'number') return token.value;
  } else if (type === 'Edm.DateTime') {
    const date = token.kind === 'string' || token.kind === 'date' ? parseFilterDate(token.value) : undefined;
    if (date) return date;
  } else if (token.kind === 'string') {
    const enumName = type.startsWith('SAPB1.') ? (type.slice(6) as EnumName) : undefined;
    if (!enumName || (ENUMS[enumName] as readonly string[]).includes(token.value)) return token.value;
    throw filterError(`'${token.value}' is not a value of ${enumName} (${ENUMS[enumName].join(', ')})`);
  }
  throw filterError(`${describe(token)} cannot be compared with ${property} (${type})`);
}

class FilterParser {
  private pos = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly type: StructuredTypeDef,
  ) {}

  parse(): FilterFn {
    if (this.tokens.length === 0) throw filterError('the expression is empty');
    const fn = this.or();
    if (this.pos < this.tokens.length) throw filterError(`unexpected ${describe(this.peek())}`);
    return fn;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private isWord(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'word' && token.value === value;
  }

  private expectPunct(value: '(' | ')' | ','): void {
    const token = this.peek();
    if (token?.kind !== 'punct' || token.value !== value)
      throw filterError(`expected '${value}' but found ${describe(token)}`);
    this.pos++;
  }

  private or(): FilterFn {
    let left = this.and();
    while (this.isWord('or')) {
      this.pos++;
      const [l, r] = [left, this.and()];
      left = (e) => l(e) || r(e);
    }
    return left;
  }

  private and(): FilterFn {
    let left = this.unary();
    while (this.isWord('and')) {
      this.pos++;
      const [l, r] = [left, this.unary()];
      left = (e) => l(e) && r(e);
    }
    return left;
  }

  private unary(): FilterFn {
    if (this.isWord('not')) {
      this.pos++;
      const inner = this.unary();
      return (e) => !inner(e);
    }
    const token = this.peek();
    if (token?.kind === 'punct' && token.value === '(') {
      this.pos++;
      const inner = this.or();
      this.expectPunct(')');
      return inner;
    }
    const next = this.peek(1);
    if (token?.kind === 'word' && next?.kind === 'punct' && next.value === '(') return this.call(token.value);
    return this.comparison();
  }

  private comparisonOp(): ComparisonOp {
    const token = this.peek();
    const op = COMPARISONS.find((c) => token?.kind === 'word' && token.value === c);
    if (!op)
      throw filterError(
        `expected a comparison operator (eq, ne, gt, ge, lt, le) but found ${describe(token)}`,
      );
    this.pos++;
    return op;
  }

  private operand(): Operand {
    const token = this.peek();
    if (!token || token.kind === 'punct')
      throw filterError(`expected a property or a value but found ${describe(token)}`);
    this.pos++;
    if (token.kind !== 'word') return { kind: 'literal', token };
    if (token.value === 'null') return { kind: 'literal', token: 'null' };
    const def = this.type.properties[token.value];
    if (!def || def.type === 'lines') {
      throw filterError(`property '${token.value}' of '${this.type.name}' cannot be filtered on`);
    }
    return { kind: 'property', name: token.value, def };
  }

  private comparison(): FilterFn {
    const left = this.operand();
    const op = this.comparisonOp();
    const right = this.operand();
    const [a, b] = this.resolvePair(left, right);
    return (e) => compare(a(e), b(e), op);
  }

  private resolvePair(left: Operand, right: Operand): [Resolved, Resolved] {
    const read =
      (name: string): Resolved =>
      (e) => {
        const value = e[name];
        return Array.isArray(value) || value === undefined ? null : value;
      };
    if (left.kind === 'property' && right.kind === 'property') return [read(left.name), read(right.name)];
    if (left.kind === 'property' && right.kind === 'literal') {
      const value = coerce(right.token, left.def, left.name);
      return [read(left.name), () => value];
    }
    if (left.kind === 'literal' && right.kind === 'property') {
      const value = coerce(left.token, right.def, right.name);
      return [() => value, read(right.name)];
    }
    throw filterError('a comparison needs at least one property');
  }

  /** startswith(Prop,'x'), endswith, contains, v1 substringof('x',Prop); optionally `eq true|false`. */
  private call(name: string): FilterFn {
    const fn = FUNCTIONS.find((f) => f === name);
    if (!fn) throw filterError(`unknown function '${name}'`);
    this.pos++;
    this.expectPunct('(');
    const first = this.operand();
    this.expectPunct(',');
    const second = this.operand();
    this.expectPunct(')');
    const [property, literal] = fn === 'substringof' ? [second, first] : [first, second];
    if (property.kind !== 'property' || literal.kind !== 'literal' || literal.token === 'null') {
      throw filterError(`${fn} needs a property and a string literal`);
    }
    if (property.def.type !== 'Edm.String')
      throw filterError(`${fn} needs a text property, not ${property.name}`);
    const needle = String(coerce(literal.token, property.def, property.name));
    const test = matcher(fn, needle);
    const base: FilterFn = (e) => {
      const value = e[property.name];
      return typeof value === 'string' && test(value);
    };
    return this.booleanSuffix(base);
  }

  private booleanSuffix(base: FilterFn): FilterFn {
    if (!this.isWord('eq') && !this.isWord('ne')) return base;
    const negate = this.isWord('ne');
    const value = this.peek(1);
    if (value?.kind !== 'word' || (value.value !== 'true' && value.value !== 'false')) {
      throw filterError(`a function result can only be compared with true or false, not ${describe(value)}`);
    }
    this.pos += 2;
    const wanted = (value.value === 'true') !== negate;
    return (e) => base(e) === wanted;
  }
}

function matcher(fn: FunctionName, needle: string): (value: string) => boolean {
  if (fn === 'startswith') return (v) => v.startsWith(needle);
  if (fn === 'endswith') return (v) => v.endsWith(needle);
  return (v) => v.includes(needle);
}

export function compileFilter(text: string, type: StructuredTypeDef): FilterFn {
  return new FilterParser(tokenize(text), type).parse();
}
