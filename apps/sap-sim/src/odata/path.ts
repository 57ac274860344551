import {
  ENTITY_SETS,
  isEntitySet,
  isFunctionImport,
  type EntitySetName,
  type FunctionImportName,
} from '../entities.js';
import { sapError } from '../errors.js';

/** A Service Layer resource path after `/b1s/vN/`: `Login`, `JournalEntries`, `JournalEntries(7)/Cancel`... */
export type ResourcePath =
  | { kind: 'login' }
  | { kind: 'logout' }
  | { kind: 'function'; name: FunctionImportName }
  | { kind: 'collection'; entitySet: EntitySetName }
  | { kind: 'entity'; entitySet: EntitySetName; key: string | number; action?: string };

const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?(?:\/([A-Za-z_][A-Za-z0-9_]*))?$/;

/** The resource name for per-resource request counts, even when the rest of the path is wrong. */
export function resourceName(path: string): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path)?.[0];
  return name && (isEntitySet(name) || isFunctionImport(name) || name === 'Login' || name === 'Logout')
    ? name
    : 'unknown';
}

export function parseResourcePath(rawPath: string): ResourcePath {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw sapError('unknownResource', { segment: rawPath });
  }
  if (path === 'Login') return { kind: 'login' };
  if (path === 'Logout') return { kind: 'logout' };
  if (isFunctionImport(path)) return { kind: 'function', name: path };

  const match = SEGMENT.exec(path);
  const [, name = path, keyText, action] = match ?? [];
  if (!match || !isEntitySet(name))
    throw sapError('unknownResource', { segment: name.split(/[(/]/)[0] ?? path });
  if (keyText === undefined) {
    if (action !== undefined) throw sapError('unknownResource', { segment: action });
    return { kind: 'collection', entitySet: name };
  }
  const key = parseKey(name, keyText);
  return action === undefined
    ? { kind: 'entity', entitySet: name, key }
    : { kind: 'entity', entitySet: name, key, action };
}

/** `123`, `'110101'` (quotes doubled inside) or the named form `Code='110101'`. */
function parseKey(entitySet: EntitySetName, text: string): string | number {
  const type = ENTITY_SETS[entitySet];
  const keyType = type.properties[type.key]?.type;
  const named = new RegExp(`^${type.key}=(.*)$`).exec(text);
  const literal = named?.[1] ?? text;
  if (keyType === 'Edm.Int32' && /^\d+$/.test(literal)) return Number(literal);
  if (keyType === 'Edm.String' && /^'(?:[^']|'')*'$/.test(literal))
    return literal.slice(1, -1).replace(/''/g, "'");
  throw sapError('invalidKey', { key: text, entitySet });
}
