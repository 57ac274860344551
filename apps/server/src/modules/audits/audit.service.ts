import type { AuditEntry, DateRangeQuery } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { dayRange, formatDateTime } from '../../lib/time.js';
import { findChainBreak, GENESIS_HASH, type ChainBreak } from './audit-chain.js';
import type { AuditRepository } from './audit.repository.js';

import type { AuditContext } from '../../lib/audit-context.js';

export type { AuditContext } from '../../lib/audit-context.js';

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

    /** Verifies the whole chain in pages; names the first broken row and counts the intact rows before it. */
    async verify(): Promise<{ rows: number; broken?: ChainBreak }> {
      let afterId = 0;
      let lastHash = GENESIS_HASH;
      let count = 0;
      for (;;) {
        const page = await repo.page(afterId, 1000);
        if (page.length === 0) return { rows: count };
        const result = findChainBreak(page, lastHash);
        if (result.broken) {
          const brokenId = result.broken.id;
          return { rows: count + page.findIndex((row) => row.id === brokenId), broken: result.broken };
        }
        lastHash = result.lastHash;
        count += page.length;
        afterId = page[page.length - 1]!.id;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
