import { parseSapDate } from '../dates.js';
import { ENUMS, type EnumName, type PropertyDef, type StructuredTypeDef } from '../entities.js';
import { sapError } from '../errors.js';

/** A POST body after the shape check: nulls dropped, dates as `yyyy-MM-dd`, enum names verified. */
export type Fields = Record<string, string | number>;
export interface CheckedBody {
  fields: Fields;
  /** Present when the type has lines and the body carried the property. */
  lines?: Fields[];
}

/** Parses the raw body text; Service Layer bodies are always a JSON object. */
export function parseJsonObject(raw: unknown): Record<string, unknown> {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? undefined : JSON.parse(raw);
    } catch {
      throw sapError('malformedBody');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw sapError('malformedBody');
  return value as Record<string, unknown>;
}

function expectedName(def: PropertyDef): string {
  return def.type === 'lines' ? 'a collection of objects' : def.type;
}

function checkValue(value: unknown, def: PropertyDef, property: string, type: string): string | number {
  const wrong = () => sapError('wrongType', { property, type, expected: expectedName(def) });
  switch (def.type) {
    case 'Edm.String':
      if (typeof value !== 'string') throw wrong();
      if (def.maxLength !== undefined && value.length > def.maxLength) {
        throw sapError('valueTooLong', { property, type, max: def.maxLength });
      }
      return value;
    case 'Edm.Int32':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw wrong();
      return value;
    case 'Edm.Double':
      // Amounts above a trillion are typos, and would lose cents in a double.
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= 1e12) throw wrong();
      return value;
    case 'Edm.DateTime': {
      if (typeof value !== 'string') throw wrong();
      const date = parseSapDate(value);
      if (!date) throw sapError('invalidDate', { property, type, value });
      return date;
    }
    case 'lines':
      throw wrong();
    default: {
      const enumName = def.type.slice('SAPB1.'.length) as EnumName;
      if (typeof value !== 'string' || !(ENUMS[enumName] as readonly string[]).includes(value)) {
        throw sapError('wrongType', { property, type, expected: `one of ${ENUMS[enumName].join(', ')}` });
      }
      return value;
    }
  }
}

function checkFields(body: Record<string, unknown>, type: StructuredTypeDef, linesProperty?: string): Fields {
  const fields: Fields = {};
  for (const [property, value] of Object.entries(body)) {
    if (property === linesProperty) continue;
    const def = type.properties[property];
    if (!def) throw sapError('unknownProperty', { property, type: type.name });
    if (!type.writable.includes(property)) throw sapError('notWritable', { property, type: type.name });
    if (value === null) continue;
    fields[property] = checkValue(value, def, property, type.name);
  }
  return fields;
}

/** Refuses unknown or read-only properties and wrong JSON types, on the header and on every line. */
export function checkBody(body: Record<string, unknown>, type: StructuredTypeDef): CheckedBody {
  const linesProperty = type.lines?.property;
  const fields = checkFields(body, type, linesProperty);
  if (!type.lines || !linesProperty || !(linesProperty in body) || body[linesProperty] === null)
    return { fields };
  const rawLines = body[linesProperty];
  const lineType = type.lines.type;
  const wrongLines = () =>
    sapError('wrongType', {
      property: linesProperty,
      type: type.name,
      expected: `Collection(SAPB1.${lineType.name})`,
    });
  if (!Array.isArray(rawLines)) throw wrongLines();
  const lines = rawLines.map((line: unknown) => {
    if (typeof line !== 'object' || line === null || Array.isArray(line)) throw wrongLines();
    return checkFields(line as Record<string, unknown>, lineType);
  });
  return { fields, lines };
}

/** Optional string field, for building entities. */
export const text = (fields: Fields, name: string): string | null =>
  typeof fields[name] === 'string' ? (fields[name] as string) : null;
export const num = (fields: Fields, name: string): number | undefined =>
  typeof fields[name] === 'number' ? (fields[name] as number) : undefined;
