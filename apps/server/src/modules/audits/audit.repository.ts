import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { SYSTEM_ACTOR } from '../../lib/audit-context.js';
import { asStoredText } from '../../lib/well-formed-text.js';
import {
  GENESIS_HASH,
  KEYED_EPOCH_EVENT,
  plainAuditHash,
  type AuditChainKey,
  type StoredAudit,
} from './audit-chain.js';

const AUDIT_CHAIN_LOCK = 727_002;

export type NewAudit = { event: string; actorId: number | null; actorName: string; ipAddress: string };

/** The key is always the caller's (the app's, the seed's, an operator command's resolved APP_KEY): never guessed here. */
export function createAuditRepository(db: Db, key: AuditChainKey) {
  /** Inserts one row after `prevHash`; hashes and stores the same normalised text. Answers its MAC. */
  async function insertRow(tx: Db, entry: NewAudit, prevHash: string): Promise<string> {
    const idResult = await tx.execute(sql`SELECT nextval('audits_id_seq')::bigint AS id`);
    const id = Number(rowsOf<{ id: string | number }>(idResult)[0]!.id);
    const row = {
      id,
      createdAt: new Date(),
      event: asStoredText(entry.event),
      actorId: entry.actorId,
      actorName: asStoredText(entry.actorName),
      ipAddress: asStoredText(entry.ipAddress),
      prevHash,
    };
    const hash = key.mac(row);
    await tx.insert(audits).values({ ...row, hash });
    return hash;
  }

  /**
   * Runs `work` holding the chain's advisory lock (across processes on Postgres, so two rows never claim the
   * same predecessor) with the head's hash, after starting the keyed epoch when the head is not keyed: no
   * keyed row ever follows a plain one except the marker, exactly the rule the verifier applies.
   */
  async function withHead(executor: Db, work: (tx: Db, prevHash: string) => Promise<unknown>) {
    const locked = async (tx: Db) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      const [last] = await tx.select().from(audits).orderBy(desc(audits.id)).limit(1);
      let prevHash = last?.hash ?? GENESIS_HASH;
      // Only an empty log or a plain SHA-256 head (written before the keyed epoch) starts the epoch. A head keyed
      // under another key (a process with the wrong APP_KEY) is chained onto as it is: verify names those rows
      // instead of finding a new marker at every append.
      if (!last || plainAuditHash(last) === last.hash) {
        const marker = {
          event: KEYED_EPOCH_EVENT,
          actorId: SYSTEM_ACTOR.id,
          actorName: SYSTEM_ACTOR.name,
          ipAddress: '127.0.0.1',
        };
        prevHash = await insertRow(tx, marker, prevHash);
      }
      await work(tx, prevHash);
    };
    // Inside a caller's transaction the lock lives until it commits; otherwise open our own.
    if (executor !== db) await locked(executor);
    else await db.transaction(async (tx) => locked(tx as unknown as Db));
  }

  return {
    /** Appends one row to the chain (after the epoch marker when the chain has none yet). */
    async append(entry: NewAudit, executor: Db = db) {
      await withHead(executor, (tx, prevHash) => insertRow(tx, entry, prevHash));
    },

    /** Writes the keyed epoch's marker unless the head is already keyed; idempotent across processes. */
    async startKeyedEpoch(executor: Db = db) {
      await withHead(executor, async () => undefined);
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
    page(afterId: number, size: number): Promise<StoredAudit[]> {
      return db.select().from(audits).where(gt(audits.id, afterId)).orderBy(asc(audits.id)).limit(size);
    },

    async byId(id: number): Promise<StoredAudit | undefined> {
      const [row] = await db.select().from(audits).where(eq(audits.id, id));
      return row;
    },

    key,
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
