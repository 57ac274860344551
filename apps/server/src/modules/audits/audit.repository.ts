import { and, asc, desc, gt, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { auditHash, GENESIS_HASH } from './audit-chain.js';

const AUDIT_CHAIN_LOCK = 727_002;

export type NewAudit = { event: string; actorId: number | null; actorName: string; ipAddress: string };

export function createAuditRepository(db: Db) {
  return {
    /**
     * Appends one row to the chain. The advisory lock serialises writers (across processes on Postgres)
     * so two rows never claim the same predecessor.
     */
    async append(entry: NewAudit, executor: Db = db) {
      const write = async (tx: Db) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
        const idResult = await tx.execute(sql`SELECT nextval('audits_id_seq')::bigint AS id`);
        const id = Number(rowsOf<{ id: string | number }>(idResult)[0]!.id);
        const [last] = await tx.select({ hash: audits.hash }).from(audits).orderBy(desc(audits.id)).limit(1);
        const row = { id, createdAt: new Date(), ...entry, prevHash: last?.hash ?? GENESIS_HASH };
        await tx.insert(audits).values({ ...row, hash: auditHash(row) });
      };
      // Inside a caller's transaction the lock lives until it commits; otherwise open our own.
      if (executor !== db) await write(executor);
      else await db.transaction(async (tx) => write(tx as unknown as Db));
    },

    list(range: { start?: Date; endExclusive?: Date }) {
      const conditions = [];
      if (range.start) conditions.push(gte(audits.createdAt, range.start));
      if (range.endExclusive) conditions.push(lt(audits.createdAt, range.endExclusive));
      return db
        .select()
        .from(audits)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(audits.id));
    },

    /** Rows in id order, a page at a time, for the chain check. */
    page(afterId: number, size: number) {
      return db.select().from(audits).where(gt(audits.id, afterId)).orderBy(asc(audits.id)).limit(size);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
