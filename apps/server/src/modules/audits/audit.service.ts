import type { AuditEntry, DateRangeQuery } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { dayRange, formatDateTime } from '../../lib/time.js';
import { createChainWalker, type AuditAnchor, type ChainBreak, type ChainWalk } from './audit-chain.js';
import type { AuditRepository } from './audit.repository.js';

import type { AuditContext } from '../../lib/audit-context.js';

export type { AuditContext } from '../../lib/audit-context.js';

export type ChainReport = ChainWalk & {
  /** The first of `breaks`, for callers that only ask whether the chain is intact. */
  broken?: ChainBreak;
};

export function createAuditService(repo: AuditRepository, timeZone: string) {
  return {
    record(context: AuditContext, event: string, executor?: Db) {
      return repo.append(
        { event, actorId: context.actor.id, actorName: context.actor.name, ipAddress: context.ip },
        executor,
      );
    },

    async list(query: DateRangeQuery): Promise<AuditEntry[]> {
      const rows = await repo.list(dayRange(query, timeZone));
      return rows.map((r) => ({
        id: r.id,
        createdAt: formatDateTime(r.createdAt, timeZone),
        event: r.event,
        createdBy: r.actorName,
        ipAddress: r.ipAddress,
      }));
    },

    /**
     * Verifies the whole chain in pages and names every row that fails (decision 010). Each anchor kept
     * outside the database must still be in the chain with the same MAC: that catches a truncated or
     * rewritten tail, which a chain check alone cannot see.
     */
    async verify(options: { anchors?: AuditAnchor[] } = {}): Promise<ChainReport> {
      const walker = createChainWalker(repo.key);
      for (let afterId = 0; ;) {
        const page = await repo.page(afterId, 1000);
        if (page.length === 0) break;
        walker.add(page);
        afterId = page[page.length - 1]!.id;
      }
      const walk = walker.finish();
      const breaks = [...walk.breaks];
      for (const anchor of options.anchors ?? []) {
        const row = await repo.byId(anchor.id);
        if (!row) {
          const end = walk.head ? `the log ends at row ${walk.head.id}` : 'the log is empty';
          breaks.push({ id: anchor.id, reason: `the anchored row is missing (${end}): rows were removed` });
        } else if (row.hash !== anchor.mac) {
          breaks.push({
            id: anchor.id,
            reason:
              'its MAC differs from the anchor kept for it (the row or the chain before it was rewritten)',
          });
        }
      }
      return { ...walk, breaks, ...(breaks[0] ? { broken: breaks[0] } : {}) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
