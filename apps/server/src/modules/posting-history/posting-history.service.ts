import {
  PERMISSIONS,
  viewableKinds,
  type PostingDetail,
  type PostingHistoryQuery,
  type PostingRow,
  type RecordKindName,
  type ReversedRecord,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { formatDateTime } from '../../lib/time.js';
import {
  createPostingHistoryRepository,
  kindOfApiName,
  type HistoryPosting,
} from './posting-history.repository.js';
import { reversibility } from '../reversal/reversibility.js';
import { postingTimeline } from './posting-timeline.js';

/** Rows a page unless the query says otherwise. */
export const DEFAULT_PER_PAGE = 50;
const DAY_MS = 86_400_000;

/** The visible kinds narrowed by a `kind` filter (a list API name). */
function kindsOf(permissions: readonly string[], apiName: string | undefined): RecordKindName[] {
  const visible = viewableKinds(permissions);
  if (apiName === undefined) return visible;
  const name = kindOfApiName(apiName);
  return name && visible.includes(name) ? [name] : [];
}

/**
 * Only the wire fields of a posting, its times as the spec's server date-times: `yyyy-MM-dd HH:mm:ss` in
 * `timeZone` (APP_TIMEZONE), as every other screen's.
 */
function wireRow(p: HistoryPosting, timeZone: string): PostingRow {
  const { name: _name, code: _code, generation: _g, stepStatus: _s, stepGeneration: _sg, ...row } = p;
  const at = (value: Date | null) => value && formatDateTime(value, timeZone);
  return { ...row, postedAt: at(row.postedAt), reversedAt: at(row.reversedAt) };
}

/**
 * The posting history (issue 11): the list of postings, a posting's detail with its timeline, and the VAS
 * screen's queue figures. Everything is scoped to the kinds the user may view; times are answered in
 * `timeZone` (APP_TIMEZONE).
 */
export function createPostingHistoryService(db: Db, timeZone: string) {
  const repository = createPostingHistoryRepository(db);
  const wire = (p: HistoryPosting) => wireRow(p, timeZone);

  return {
    repository,

    async list(query: PostingHistoryQuery, permissions: readonly string[]) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? DEFAULT_PER_PAGE;
      const { rows, total } = await repository.page(
        {
          kinds: kindsOf(permissions, query.kind),
          fromDate: query.fromDate,
          toDate: query.toDate,
          status: query.status,
          search: query.search,
          since: query.since ? new Date(query.since) : undefined,
        },
        page,
        perPage,
      );
      return { data: rows.map(wire), meta: { total, page, perPage } };
    },

    /** The posting with its timeline, the document sent and whether this user may reverse it; null when unseen. */
    async detail(id: number, permissions: readonly string[]): Promise<PostingDetail | null> {
      const posting = await repository.find(id, viewableKinds(permissions));
      if (!posting) return null;
      const [attempts, reversals, state] = await Promise.all([
        repository.attempts(posting.code, posting.recordId, posting.generation),
        repository.reversals(posting.code, posting.recordId, posting.generation),
        reversibility(db, posting.code, posting.recordId, posting.generation),
      ]);
      const document = [...attempts].reverse().find((a) => a.document !== null)?.document ?? null;
      // The state says whether it can be reversed now; the user must also hold the permission.
      const { reversible, reason } =
        state.reversible && !permissions.includes(PERMISSIONS.reversePostings)
          ? { reversible: false, reason: `Reversing needs the "${PERMISSIONS.reversePostings}" permission.` }
          : state;
      return {
        ...wire(posting),
        timeline: postingTimeline(attempts, reversals, timeZone),
        document: document as Record<string, unknown> | null,
        reversible,
        notReversibleReason: reason,
      };
    },

    /**
     * The records of `apiName` among `recordIds` whose latest posting was reversed (GET /postings/reversed); none
     * when the user may not view that kind, as the history lists none of its postings.
     */
    async reversedRecords(
      apiName: string,
      recordIds: readonly number[],
      permissions: readonly string[],
    ): Promise<ReversedRecord[]> {
      const [name] = kindsOf(permissions, apiName);
      if (!name) return [];
      const rows = await repository.latestReversals(name, recordIds);
      return rows.map((row) => ({
        recordId: row.recordId,
        postingId: row.postingId,
        reversedAt: row.finishedAt && formatDateTime(row.finishedAt, timeZone),
        reversedBy: row.reversedBy,
        reason: row.reason,
      }));
    },

    /** A kind's postings queued now and failed in the last 24 hours (the VAS screen's line). */
    async summary(permissions: readonly string[], apiName: string | undefined) {
      const kinds = kindsOf(permissions, apiName);
      const [queued, failedLast24h] = await Promise.all([
        repository.count({ kinds, status: 'queued' }),
        repository.count({ kinds, status: 'failed', since: new Date(Date.now() - DAY_MS) }),
      ]);
      return { queued, failedLast24h };
    },
  };
}

export type PostingHistoryService = ReturnType<typeof createPostingHistoryService>;
export type { HistoryPosting };
