import { getTableName, sql } from 'drizzle-orm';
import { kindOfCode, RECORD_KIND_NAMES } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import { decodeLegacyKey, type DecodedKey } from './keys.js';

/**
 * SQL only: the record step and generation each key SAP holds belongs to. Keys written before migration 0012 name
 * their serial id (`decodeLegacyKey`); since, a key is computed from the source id (decision 018), so it is found
 * where the database keeps it: a step's current key (`posting_key`, indexed) or the key of any attempt. A key
 * nothing here carries is left out: SAP holds it for no record of this database.
 */
export function createKeyRecordQueries(db: Db) {
  return {
    async decodeKeys(keys: readonly string[], executor: Db = db): Promise<Map<string, DecodedKey>> {
      const decoded = new Map<string, DecodedKey>();
      const rest: string[] = [];
      for (const key of new Set(keys)) {
        const legacy = decodeLegacyKey(key);
        if (legacy) decoded.set(key, legacy);
        else rest.push(key);
      }
      if (!rest.length) return decoded;
      const wanted = sql.join(
        rest.map((k) => sql`${k}`),
        sql`, `,
      );
      for (const name of RECORD_KIND_NAMES) {
        const { table, columns } = POSTING_STEPS[name];
        const result = await executor.execute(sql`
          SELECT id, ${sql.identifier(columns.generation.name)} AS generation, ${sql.identifier(columns.postingKey.name)} AS key
            FROM ${sql.identifier(getTableName(table))}
           WHERE ${sql.identifier(columns.postingKey.name)} IN (${wanted})`);
        for (const row of rowsOf<{ id: number; generation: number; key: string }>(result))
          decoded.set(row.key, { kind: name, recordId: Number(row.id), generation: Number(row.generation) });
      }
      const attempts = await executor.execute(sql`
        SELECT DISTINCT kind, record_id AS "recordId", generation, idempotency_key AS key
          FROM posting_attempts WHERE idempotency_key IN (${wanted})`);
      for (const row of rowsOf<{ kind: string; recordId: number; generation: number; key: string }>(
        attempts,
      )) {
        const kind = kindOfCode(row.kind);
        if (kind && !decoded.has(row.key))
          decoded.set(row.key, { kind, recordId: Number(row.recordId), generation: Number(row.generation) });
      }
      return decoded;
    },
  };
}
