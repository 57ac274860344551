import { renderDate } from '../dates.js';
import type { StructuredTypeDef } from '../entities.js';
import type { EntityRecord } from '../records.js';

/** The two wire dialects: v1 (OData v3 JSON "minimal metadata") and v2 (OData v4). */
export type ApiVersion = 'v1' | 'v2';

export const CONTENT_TYPE: Record<ApiVersion, string> = {
  v1: 'application/json;odata=minimalmetadata;charset=utf-8',
  v2: 'application/json;odata.metadata=minimal;charset=utf-8',
};

/** Stored records keep `yyyy-MM-dd`; v2 answers `yyyy-MM-ddT00:00:00Z`. Lines are rendered the same way. */
export function renderEntity(
  entity: EntityRecord,
  type: StructuredTypeDef,
  version: ApiVersion,
): EntityRecord {
  const out: EntityRecord = {};
  for (const [name, value] of Object.entries(entity)) {
    const def = type.properties[name];
    if (def?.type === 'Edm.DateTime' && typeof value === 'string') {
      out[name] = renderDate(value, version);
    } else if (def?.type === 'lines' && Array.isArray(value) && type.lines) {
      const lineType = type.lines.type;
      out[name] = value.map((line) => renderEntity(line, lineType, version));
    } else {
      out[name] = value;
    }
  }
  return out;
}

export function entityEnvelope(
  version: ApiVersion,
  root: string,
  context: string,
  entity: EntityRecord,
): unknown {
  return version === 'v1'
    ? { 'odata.metadata': `${root}/$metadata#${context}/@Element`, ...entity }
    : { '@odata.context': `${root}/$metadata#${context}/$entity`, ...entity };
}

export function collectionEnvelope(
  version: ApiVersion,
  root: string,
  entitySet: string,
  items: EntityRecord[],
  next: string | undefined,
): unknown {
  if (version === 'v1') {
    return {
      'odata.metadata': `${root}/$metadata#${entitySet}`,
      value: items,
      ...(next ? { 'odata.nextLink': next } : {}),
    };
  }
  return {
    '@odata.context': `${root}/$metadata#${entitySet}`,
    value: items,
    ...(next ? { '@odata.nextLink': next } : {}),
  };
}

/**
 * A function's single answer: a primitive as `{"value": 129.3456}`, a complex type with its properties inline,
 * under `odata.metadata` (v1) or `@odata.context` (v2) naming the type.
 */
export function valueEnvelope(
  version: ApiVersion,
  root: string,
  typeName: string,
  value: number | string | EntityRecord,
): unknown {
  const key = version === 'v1' ? 'odata.metadata' : '@odata.context';
  const body = typeof value === 'object' ? value : { value };
  return { [key]: `${root}/$metadata#${typeName}`, ...body };
}
