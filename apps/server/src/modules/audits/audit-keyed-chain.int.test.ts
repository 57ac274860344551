import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { createTestDatabase } from '../../test/test-database.js';
import {
  auditChainKey,
  BREAK_REASONS,
  GENESIS_HASH,
  KEYED_EPOCH_EVENT,
  plainAuditHash,
  type AuditContent,
  type StoredAudit,
} from './audit-chain.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';

/** Decision 010: the keyed, anchored chain, checked against what a database-level attacker can do. */
const APP_KEY = 'a'.repeat(40);
const KEY = auditChainKey(APP_KEY);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterEach(async () => {
  await database?.drop();
});

const repository = (key = KEY) => createAuditRepository(db, key);
const service = (key = KEY) => createAuditService(repository(key), 'Africa/Nairobi');
const actor = { actorId: 1, actorName: 'Administrator', ipAddress: '10.0.0.1' };

async function appendEvents(count: number, prefix = 'Event') {
  const repo = repository();
  for (let i = 1; i <= count; i += 1) await repo.append({ ...actor, event: `${prefix} ${i}` });
}

const storedRows = () => db.select().from(audits).orderBy(asc(audits.id));

/** The table owner's power: switch the append-only guard off, run `work`, switch it on again. */
async function asOwner(work: () => Promise<unknown>) {
  await db.execute(sql`ALTER TABLE audits DISABLE TRIGGER USER`);
  try {
    await work();
  } finally {
    await db.execute(sql`ALTER TABLE audits ENABLE TRIGGER USER`);
  }
}

/**
 * An attacker with owner rights rewrites the chain from `fromId` on: `edit` changes a row's content, then each
 * row is re-linked to the one before and re-hashed with `hash` (plain SHA-256 unless they hold some key).
 */
async function rewriteFrom(
  fromId: number,
  hash: (row: AuditContent) => string,
  edit: (row: StoredAudit) => Partial<StoredAudit> = () => ({}),
) {
  const rows = await storedRows();
  let prevHash = GENESIS_HASH;
  await asOwner(async () => {
    for (const row of rows) {
      if (row.id >= fromId) {
        const content = { ...row, ...edit(row), prevHash };
        const next = { ...content, hash: hash(content) };
        await db.update(audits).set(next).where(eq(audits.id, row.id));
        prevHash = next.hash;
      } else prevHash = row.hash;
    }
  });
}

/** A row as versions before decision 010 wrote it: plain SHA-256. */
async function appendLegacy(event: string) {
  const id = Number(
    rowsOf<{ id: string }>(await db.execute(sql`SELECT nextval('audits_id_seq')::bigint AS id`))[0]!.id,
  );
  const [last] = await db
    .select()
    .from(audits)
    .orderBy(asc(audits.id))
    .then((rows) => rows.slice(-1));
  const row = { id, createdAt: new Date(), event, ...actor, prevHash: last?.hash ?? GENESIS_HASH };
  await db.insert(audits).values({ ...row, hash: plainAuditHash(row) });
}

describe('text is hashed as it is stored', () => {
  it('a lone surrogate or NUL in any field cannot break the chain: the row holds and hashes the text PostgreSQL stores', async () => {
    const repo = repository();
    await repo.append({
      event: 'Failed sign-in for \ud800@x.test',
      actorId: null,
      actorName: '\udfffghost\ud800',
      ipAddress: '10.0.0.1',
    });
    await repo.append({
      event: 'Created role Nul\u0000Clerks',
      actorId: 1,
      actorName: 'Administrator',
      ipAddress: '10.0.0.1',
    });
    expect((await service().verify()).breaks).toEqual([]);
    const rows = await storedRows();
    expect(rows.map((r) => [r.event, r.actorName])).toEqual([
      [KEYED_EPOCH_EVENT, 'System'],
      ['Failed sign-in for \ufffd@x.test', '\ufffdghost\ufffd'],
      ['Created role Nul\ufffdClerks', 'Administrator'],
    ]);
  });
});

describe('the keyed epoch', () => {
  it('rows written before it still verify as plain SHA-256; several processes starting at once write one marker', async () => {
    for (const event of ['Legacy 1', 'Legacy 2', 'Legacy 3']) await appendLegacy(event);
    // An upgraded database before any server of this version started: nothing is keyed yet, and verify says so.
    expect((await service().verify()).breaks).toEqual([{ id: 3, reason: BREAK_REASONS.unkeyed }]);

    await Promise.all(Array.from({ length: 4 }, () => repository().startKeyedEpoch()));
    await appendEvents(2);
    const report = await service().verify();
    expect(report).toMatchObject({ rows: 6, breaks: [], keyedFrom: 4 });
    expect((await storedRows()).map((r) => r.event)).toEqual([
      'Legacy 1',
      'Legacy 2',
      'Legacy 3',
      KEYED_EPOCH_EVENT,
      'Event 1',
      'Event 2',
    ]);
  });

  it('an edited row re-hashed with plain SHA-256, and every row after it, are each named: no downgrade without the key', async () => {
    await appendEvents(6);
    await rewriteFrom(4, plainAuditHash, (row) => (row.id === 4 ? { event: 'Nothing happened here' } : {}));
    const report = await service().verify();
    expect(report.breaks).toEqual([4, 5, 6, 7].map((id) => ({ id, reason: BREAK_REASONS.downgraded })));
    // A guessed key is no better.
    await rewriteFrom(4, auditChainKey('g'.repeat(40)).mac);
    expect((await service().verify()).breaks).toEqual(
      [4, 5, 6, 7].map((id) => ({ id, reason: BREAK_REASONS.altered })),
    );
  });

  it('a process configured with another APP_KEY starts no new epoch: its rows are named, the real markers stay one', async () => {
    await appendEvents(2);
    const misconfigured = repository(auditChainKey('w'.repeat(40)));
    await misconfigured.append({ ...actor, event: 'Written under the wrong key 1' });
    await misconfigured.append({ ...actor, event: 'Written under the wrong key 2' });
    await appendEvents(1, 'Back under the right key');
    expect((await storedRows()).filter((row) => row.event === KEYED_EPOCH_EVENT)).toHaveLength(1);
    expect((await service().verify()).breaks).toEqual(
      [4, 5].map((id) => ({ id, reason: BREAK_REASONS.altered })),
    );
  });

  it('a chain rewritten whole with plain SHA-256 (marker included) is reported: it carries no keyed row', async () => {
    await appendEvents(3);
    await rewriteFrom(1, plainAuditHash);
    expect((await service().verify()).breaks).toEqual([{ id: 4, reason: BREAK_REASONS.unkeyed }]);
  });

  it('lists every broken row, not only the first, and goes on checking after each', async () => {
    await appendEvents(8);
    await asOwner(async () => {
      await db.execute(sql`UPDATE audits SET event = 'Rewritten' WHERE id = 3`);
      await db.execute(sql`UPDATE audits SET ip_address = '192.0.2.1' WHERE id = 5`);
      await db.execute(sql`DELETE FROM audits WHERE id = 7`);
    });
    const report = await service().verify();
    expect(report.breaks).toEqual([
      { id: 3, reason: BREAK_REASONS.altered },
      { id: 5, reason: BREAK_REASONS.altered },
      { id: 8, reason: BREAK_REASONS.link },
    ]);
    expect(report.broken).toEqual(report.breaks[0]);
  });
});

describe('anchors kept elsewhere', () => {
  it('catch a truncated tail, and a tail rewritten even by someone holding APP_KEY', async () => {
    await appendEvents(5);
    const anchor = (await service().verify()).head!;
    expect(anchor.id).toBe(6);

    // Rewritten with the real key: the chain verifies, only the anchor can tell.
    await rewriteFrom(5, KEY.mac, (row) => (row.id === 5 ? { event: 'Nothing happened here' } : {}));
    expect((await service().verify()).breaks).toEqual([]);
    expect((await service().verify({ anchors: [anchor] })).breaks).toEqual([
      {
        id: 6,
        reason: 'its MAC differs from the anchor kept for it (the row or the chain before it was rewritten)',
      },
    ]);

    await asOwner(() => db.execute(sql`DELETE FROM audits WHERE id >= 5`));
    expect((await service().verify()).breaks).toEqual([]);
    expect((await service().verify({ anchors: [anchor] })).breaks).toEqual([
      { id: 6, reason: 'the anchored row is missing (the log ends at row 4): rows were removed' },
    ]);
  });
});
