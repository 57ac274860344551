import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  getTableColumns,
  gte,
  ilike,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AuditEventType, AuditSortField } from '@ff/contract';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import { rowsOf, type Db } from '../../db/client.js';
import { audits, users } from '../../db/schema.js';
import { SYSTEM_ACTOR } from '../../lib/audit-context.js';
import { asStoredText } from '../../lib/well-formed-text.js';
import { eventTypeCondition } from './audit-event-types.js';
import {
  GENESIS_HASH,
  KEYED_EPOCH_EVENT,
  plainAuditHash,
  type AuditChainKey,
  type StoredAudit,
} from './audit-chain.js';

const AUDIT_CHAIN_LOCK = ADVISORY_LOCKS.auditChain;

export type NewAudit = { event: string; actorId: number | null; actorName: string; ipAddress: string };

export type StoredAuditRow = typeof audits.$inferSelect;
/** A row as the log lists it: with the actor's e-mail now (null for the system, or a user since removed). */
export type ListedAuditRow = StoredAuditRow & { actorEmail: string | null };

/**
 * The listed columns: the row and its actor's e-mail. A display name is the user's own choice (anyone may call
 * themselves "Administrator"); the e-mail is the account's, set by whoever invited them.
 */
const LISTED = { ...getTableColumns(audits), actorEmail: users.email };

/** Which rows of the log a list shows: a time range, the actor's user id, an event type, a search text. */
export type AuditFilter = {
  start?: Date;
  endExclusive?: Date;
  userId?: number;
  eventType?: AuditEventType;
  search?: string;
};

/** A list's order: a field of AUDIT_SORT_FIELDS and its direction; ties (and no sort) newest first. */
export type AuditOrder = { field: AuditSortField; desc: boolean } | undefined;

const SORT_COLUMNS = {
  createdAt: audits.createdAt,
  event: audits.event,
  createdBy: audits.actorName,
  ipAddress: audits.ipAddress,
} as const;

/**
 * A text column's natural, case-insensitive order key, as the table sorts in the browser ("paging.2@" before
 * "paging.10@", "10.0.0.9" before "10.0.0.10"): every run of digits left-padded to 12 digits, lower-cased.
 */
const naturalKey = (column: SQLWrapper) =>
  sql`lower(regexp_replace(regexp_replace(${column}, '([0-9]+)', '00000000000\\1', 'g'), '0*([0-9]{12})', '\\1', 'g'))`;

/** The sort's key: the timestamp itself, or a text column's natural key (digits compared as numbers). */
function sortKeyOf(order: NonNullable<AuditOrder>): SQL {
  const column = SORT_COLUMNS[order.field];
  return order.field === 'createdAt' ? sql`${column}` : naturalKey(column);
}

function orderOf(order: AuditOrder) {
  if (!order) return [desc(audits.id)];
  const key = sortKeyOf(order);
  return [order.desc ? desc(key) : asc(key), desc(audits.id)];
}

/**
 * The rows after the one whose order keys are `after` ([its sort key as text, its id]) in `order`: keyset paging of
 * the unpaged form's chunks, each an index range however deep into the log it is.
 */
function afterCondition(order: AuditOrder, after: readonly unknown[]): SQL {
  const id = Number(after[1]);
  if (!order) return sql`${audits.id} < ${id}`;
  const key = sortKeyOf(order);
  const value =
    order.field === 'createdAt' ? sql`${String(after[0])}::timestamptz` : sql`${String(after[0])}`;
  const beyond = order.desc ? sql`${key} < ${value}` : sql`${key} > ${value}`;
  return sql`(${beyond} OR (${key} = ${value} AND ${audits.id} < ${id}))`;
}

/** The ILIKE pattern of a substring search: `%`, `_` and `\` in the text match themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.start) conditions.push(gte(audits.createdAt, filter.start));
  if (filter.endExclusive) conditions.push(lt(audits.createdAt, filter.endExclusive));
  if (filter.userId !== undefined) conditions.push(eq(audits.actorId, filter.userId));
  if (filter.eventType) conditions.push(eventTypeCondition(filter.eventType));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(audits.event, pattern), ilike(audits.actorName, pattern), ilike(audits.ipAddress, pattern)),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

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

    /**
     * A chunk of the unpaged form: up to `size` rows the filter lets through in `order`, after the row whose order
     * keys are `after`, and the order keys of its last row.
     */
    async chunk(filter: AuditFilter, order: AuditOrder, after: readonly unknown[] | undefined, size: number) {
      const rows = await db
        .select({ ...LISTED, sortKey: order ? sql<string>`(${sortKeyOf(order)})::text` : sql<null>`null` })
        .from(audits)
        .leftJoin(users, eq(users.id, audits.actorId))
        .where(and(whereOf(filter), after ? afterCondition(order, after) : undefined))
        .orderBy(...orderOf(order))
        .limit(size);
      const last = rows.at(-1);
      return { rows: rows as ListedAuditRow[], lastKeys: last ? [last.sortKey, last.id] : undefined };
    },

    /** How many rows the filter lets through, counting no further than `limit`. */
    async countUpTo(filter: AuditFilter, limit: number): Promise<number> {
      const capped = db
        .select({ one: sql`1` })
        .from(audits)
        .where(whereOf(filter))
        .limit(limit)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return Number(row?.n ?? 0);
    },

    /** One page of the rows the filter lets through, newest first, and how many there are on every page. */
    async page(filter: AuditFilter, order: AuditOrder, page: { page: number; perPage: number }) {
      const where = whereOf(filter);
      const [rows, [total]] = await Promise.all([
        db
          .select(LISTED)
          .from(audits)
          .leftJoin(users, eq(users.id, audits.actorId))
          .where(where)
          .orderBy(...orderOf(order))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(audits).where(where),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },

    /** Every user, by name: whom the log can be filtered by. */
    actors() {
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .orderBy(asc(users.name), asc(users.id));
    },

    /** Rows in id order, a page at a time, for the chain check. */
    chainPage(afterId: number, size: number): Promise<StoredAudit[]> {
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
