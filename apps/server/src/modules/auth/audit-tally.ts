import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import type { AuditService } from '../audits/audit.service.js';

/**
 * Anonymous traffic (failed sign-ins, reset requests) could otherwise write one audit row per request, bounded
 * only by the rate limit. Events are counted per (kind, e-mail, address, 15-minute window) instead: the first of
 * a window is audited as it happens, and once the window has closed one more row gives the window's total.
 * Audit rows stay append-only; only the counter rows here are updated.
 */
export const TALLY_WINDOW_MS = 15 * 60_000;
/** A window is summed up only this long after it closed, so no increment that began inside it is missed. */
const GRACE_MS = 30_000;

export type TalliedKind = 'failed-sign-in' | 'reset-request';

const describe: Record<TalliedKind, (count: number, email: string) => string> = {
  'failed-sign-in': (n, email) => `${n} failed sign-ins for ${email} from this address`,
  'reset-request': (n, email) => `${n} password reset requests for ${email} from this address`,
};

export function createAuditTally(db: Db, audit: AuditService) {
  return {
    /** Counts the event; writes `firstEvent` to the audit log when it is the first of its window. */
    async note(kind: TalliedKind, email: string, ip: string, userId: number | null, firstEvent: string) {
      const windowStart = new Date(Math.floor(Date.now() / TALLY_WINDOW_MS) * TALLY_WINDOW_MS);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // The row lock taken by the upsert orders concurrent events: exactly one of them sees count 1.
        const [row] = rowsOf<{ count: number }>(
          await tx.execute(sql`
            INSERT INTO auth_event_tallies (kind, email, ip_address, window_start, user_id, count)
            VALUES (${kind}, ${email}, ${ip}, ${windowStart}, ${userId}, 1)
            ON CONFLICT (kind, email, ip_address, window_start) DO UPDATE SET count = auth_event_tallies.count + 1
            RETURNING count`),
        );
        if (Number(row?.count) === 1)
          await audit.record({ actor: { id: userId, name: email }, ip }, firstEvent, tx);
      });
    },

    /**
     * Writes the total of every closed window that had more than one event, and forgets closed windows.
     * Claimed with SKIP LOCKED and deleted in the same transaction as the audit rows, so with several
     * processes each total is written exactly once (and kept if the audit write fails).
     */
    async flush(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - TALLY_WINDOW_MS - GRACE_MS);
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const closed = rowsOf<{
          kind: TalliedKind;
          email: string;
          ip: string;
          windowStart: string | Date;
          userId: number | null;
          count: number;
        }>(
          await tx.execute(sql`
            DELETE FROM auth_event_tallies
            WHERE (kind, email, ip_address, window_start) IN (
              SELECT kind, email, ip_address, window_start FROM auth_event_tallies
              WHERE window_start < ${cutoff}
              ORDER BY window_start LIMIT 500 FOR UPDATE SKIP LOCKED)
            RETURNING kind, email, ip_address AS ip, window_start AS "windowStart", user_id AS "userId", count`),
        );
        let written = 0;
        for (const row of closed.sort(
          (a, b) => new Date(a.windowStart).getTime() - new Date(b.windowStart).getTime(),
        )) {
          if (Number(row.count) < 2) continue;
          const from = new Date(row.windowStart);
          const to = new Date(from.getTime() + TALLY_WINDOW_MS);
          const event = `${describe[row.kind](Number(row.count), row.email)} between ${from.toISOString()} and ${to.toISOString()} (the first was audited when it happened)`;
          await audit.record({ actor: { id: row.userId, name: row.email }, ip: row.ip }, event, tx);
          written += 1;
        }
        return written;
      });
    },
  };
}

export type AuditTally = ReturnType<typeof createAuditTally>;
