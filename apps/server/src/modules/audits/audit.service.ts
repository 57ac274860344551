import {
  DEFAULT_PER_PAGE,
  parseSort,
  type AuditEntry,
  type AuditQuery,
  type AuditSortField,
  type PageResponse,
} from '@ff/contract';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';
import { LIST_CHUNK_ROWS, overCapMessage, streamedList } from '../../lib/list-stream.js';
import { dayRange, formatDateTime } from '../../lib/time.js';
import { createChainWalker, type AuditAnchor, type ChainBreak, type ChainWalk } from './audit-chain.js';
import type { AuditFilter, AuditOrder, AuditRepository, ListedAuditRow } from './audit.repository.js';

import type { AuditContext } from '../../lib/audit-context.js';

export type { AuditContext } from '../../lib/audit-context.js';

export type ChainReport = ChainWalk & {
  /** The first of `breaks`, for callers that only ask whether the chain is intact. */
  broken?: ChainBreak;
};

/** The most rows an unpaged audit log answers by default (env LIST_ROW_CAP). */
export const DEFAULT_ROW_CAP = 100_000;

/** The refusal of an unpaged log longer than the cap. */
export const tooManyRows = (cap: number) => overCapMessage('The audit log', cap, 'entries for this filter');

export type AuditListOptions = {
  /** The most rows the unpaged form answers (default DEFAULT_ROW_CAP). */
  rowCap?: number;
  /** Rows per chunk of the unpaged form (default LIST_CHUNK_ROWS). */
  chunkRows?: number;
};

export function createAuditService(
  repo: AuditRepository,
  timeZone: string,
  { rowCap = DEFAULT_ROW_CAP, chunkRows = LIST_CHUNK_ROWS }: AuditListOptions = {},
) {
  const entryOf = (r: ListedAuditRow): AuditEntry => ({
    id: r.id,
    createdAt: formatDateTime(r.createdAt, timeZone),
    event: r.event,
    createdBy: r.actorName,
    createdByEmail: r.actorEmail,
    ipAddress: r.ipAddress,
  });
  const filterOf = (query: AuditQuery): AuditFilter => {
    const search = query.search?.trim();
    return {
      ...dayRange(query, timeZone),
      ...(query.userId !== undefined ? { userId: query.userId } : {}),
      ...(query.event ? { eventType: query.event } : {}),
      ...(search ? { search } : {}),
    };
  };
  return {
    record(context: AuditContext, event: string, executor?: Db) {
      return repo.append(
        { event, actorId: context.actor.id, actorName: context.actor.name, ipAddress: context.ip },
        executor,
      );
    },

    /**
     * The filtered log, newest first: every row (the JSON of `{data}`, one string or a stream of chunks; 422 past the
     * cap), or with `page`/`perPage` one page and its meta.
     */
    async list(query: AuditQuery): Promise<string | Readable | PageResponse<AuditEntry>> {
      const filter = filterOf(query);
      const sort = query.sort ? parseSort(query.sort) : undefined;
      const order: AuditOrder = sort && { field: sort.field as AuditSortField, desc: sort.desc };
      if (query.page === undefined && query.perPage === undefined) {
        // The spec's full array, streamed in keyset chunks with constant memory, up to the cap (issue 24).
        if ((await repo.countUpTo(filter, rowCap + 1)) > rowCap)
          throw new HttpError(422, tooManyRows(rowCap));
        return streamedList(async (after) => {
          const chunk = await repo.chunk(filter, order, after, chunkRows);
          return { rows: chunk.rows.map(entryOf), lastKeys: chunk.lastKeys };
        }, chunkRows);
      }
      const page = { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE };
      const { rows, total } = await repo.page(filter, order, page);
      return { data: rows.map(entryOf), meta: { total, ...page } };
    },

    /** Whom the log can be filtered by: every user, by name. */
    actors() {
      return repo.actors();
    },

    /**
     * Verifies the whole chain in pages and names every row that fails (decision 010). Each anchor kept
     * outside the database must still be in the chain with the same MAC: that catches a truncated or
     * rewritten tail, which a chain check alone cannot see.
     */
    async verify(options: { anchors?: AuditAnchor[] } = {}): Promise<ChainReport> {
      const walker = createChainWalker(repo.key);
      for (let afterId = 0; ;) {
        const page = await repo.chainPage(afterId, 1000);
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
