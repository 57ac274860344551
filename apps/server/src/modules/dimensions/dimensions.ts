import { asc } from 'drizzle-orm';
import { DIMENSION_FIELD_LABELS, type DimensionRule, type DimensionSettings } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { dimensionRules } from '../../db/schema.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';

/** A rule as the audit log says it: `dimension 2 = route (3 values, default NBO-KLA)`. */
const ruleText = (rule: DimensionRule) =>
  `dimension ${rule.dimension} = ${rule.field ? DIMENSION_FIELD_LABELS[rule.field] : 'none'} (${rule.codes.length} values, default ${rule.defaultCode ?? 'none'})`;

/**
 * Settings > Dimensions (issue 25): the rules that choose SAP's distribution rule codes for a record's lines,
 * one per dimension. Read by every post request (modules/posting/dimension-rules.ts); saved whole by an
 * administrator, in one transaction with its audit line.
 */
export function createDimensionsService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;

  async function read(executor: Db = db): Promise<DimensionSettings> {
    const rows = await executor.select().from(dimensionRules).orderBy(asc(dimensionRules.dimension));
    return {
      rules: rows.map((row) => ({
        dimension: row.dimension,
        field: row.field as DimensionRule['field'],
        codes: row.codes,
        defaultCode: row.defaultCode,
      })),
    };
  }

  return {
    read,
    /** Replaces every rule; answers what was saved. */
    async save(settings: DimensionSettings, context: AuditContext): Promise<DimensionSettings> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.delete(dimensionRules);
        if (settings.rules.length)
          await tx.insert(dimensionRules).values(
            settings.rules.map((rule) => ({
              dimension: rule.dimension,
              field: rule.field,
              codes: rule.codes,
              defaultCode: rule.defaultCode,
              updatedById: context.actor.id,
            })),
          );
        const saved = settings.rules.map(ruleText).join('; ') || 'none';
        await audit.record(context, `Updated the dimensions (cost centres): ${saved}`, tx);
      });
      return read();
    },
  };
}

export type DimensionsService = ReturnType<typeof createDimensionsService>;
