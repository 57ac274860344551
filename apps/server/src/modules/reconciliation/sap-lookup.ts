import { RECORD_KINDS_PLAIN, type RecordKindEntry } from '@ff/contract';
import type { SapGateway } from '../../erp/sap-gateway.js';
import type { OurPosting } from './sides.js';
import type { TheirDocument } from './sap-groups.js';

/** Keys per look-up request: a few hundred characters of `$filter` (a URL stays well under 8 KB). */
export const KEYS_PER_LOOKUP = 20;

/**
 * SAP's documents carrying these postings' keys, whatever their dates (sap-groups.ts keysWithoutDocuments):
 * per entity set, one request per KEYS_PER_LOOKUP keys, never one per key. Throws when SAP cannot be read.
 */
export async function documentsOfKeys(sap: SapGateway, postings: OurPosting[]): Promise<TheirDocument[]> {
  const found: TheirDocument[] = [];
  const sets = new Map<string, { sap: RecordKindEntry['sap']; keys: string[] }>();
  for (const posting of postings) {
    const where = RECORD_KINDS_PLAIN[posting.kind].sap;
    const set = sets.get(where.entity) ?? { sap: where, keys: [] };
    set.keys.push(posting.key);
    sets.set(where.entity, set);
  }
  for (const { sap: where, keys } of sets.values()) {
    for (let start = 0; start < keys.length; start += KEYS_PER_LOOKUP) {
      const chunk = keys.slice(start, start + KEYS_PER_LOOKUP);
      const documents = await sap.documentsByKeys(where.entity, where.referenceField, chunk);
      found.push(...documents.map((d) => ({ ...d, entity: where.entity })));
    }
  }
  return found;
}
