import type { PostingPeriod } from '@ff/contract';
import type { SapGateway } from '../../erp/sap-gateway.js';
import { singleFlight } from '../../lib/single-flight.js';

/** How long one read of SAP's periods answers every caller (the pickers of every user, every post request). */
export const POSTING_PERIODS_TTL_MS = 5 * 60_000;
/** After SAP failed to answer, how long callers that may do without (post requests) do not ask again. */
export const POSTING_PERIODS_RETRY_MS = 30_000;

export class PeriodsUnavailable extends Error {
  constructor(reason: string) {
    super(`SAP's posting periods could not be read: ${reason.replace(/\.$/, '')}. Try again in a moment.`);
    this.name = 'PeriodsUnavailable';
  }
}

/**
 * SAP's finance periods, read once for everyone and kept for 5 minutes (one read at a time however many ask);
 * `refresh` reads SAP again. When SAP cannot be reached the last periods read are answered, however old;
 * with none, `read` throws PeriodsUnavailable and `forClaims` answers null (the post goes on and SAP decides).
 */
export function createPostingPeriodsCache(deps: {
  sap: () => SapGateway;
  ttlMs?: number;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? POSTING_PERIODS_TTL_MS;
  const now = deps.now ?? Date.now;
  let kept: { periods: PostingPeriod[]; until: number } | null = null;
  // The last failure while nothing is kept: post requests do not wait on a failing SAP at every claim.
  let failed: { message: string; until: number } | null = null;

  const readSap = singleFlight(() =>
    deps
      .sap()
      .financePeriods()
      .then((periods) => {
        const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from));
        kept = { periods: sorted, until: now() + ttlMs };
        failed = null;
        return sorted;
      }),
  );

  async function read(options: { refresh?: boolean } = {}): Promise<PostingPeriod[]> {
    if (!options.refresh && kept && now() < kept.until) return kept.periods;
    try {
      return await readSap.run();
    } catch (error) {
      if (kept) return kept.periods;
      const message = error instanceof Error ? error.message : String(error);
      failed = { message, until: now() + POSTING_PERIODS_RETRY_MS };
      throw new PeriodsUnavailable(message);
    }
  }

  return {
    read,
    /** For the claim of a post request: the periods, or null when SAP cannot say. */
    async forClaims(options: { refresh?: boolean } = {}): Promise<readonly PostingPeriod[] | null> {
      if (!kept && failed && now() < failed.until) return null;
      try {
        return await read(options);
      } catch {
        return null;
      }
    },
    /** Forgets what was read (tests; a changed connection). */
    forget(): void {
      kept = null;
      failed = null;
    },
  };
}

export type PostingPeriodsCache = ReturnType<typeof createPostingPeriodsCache>;
