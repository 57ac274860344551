import type PgBoss from 'pg-boss';
import { VAS_POSTING_QUEUE } from './queue.js';
import { handleVasPosting, type VasHandlerDeps, type VasPostingJob } from './vas-posting.job.js';

/**
 * Polls the VAS queue with `concurrency` parallel work loops; pg-boss hands each job to one of them (SKIP
 * LOCKED). A loop that found a job polls again right after it instead of sleeping out its polling interval,
 * so a busy queue drains at SAP's pace, not at one job per loop per interval (bench:queue measured 2/s per loop).
 */
export async function startVasWorker(
  boss: PgBoss,
  deps: VasHandlerDeps,
  concurrency: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < concurrency; i += 1) {
    let id = '';
    id = await boss.work<VasPostingJob>(
      VAS_POSTING_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (!job) return;
        try {
          await handleVasPosting(deps, job);
        } catch (error) {
          // pg-boss retries it (an unconfirmed outcome is a VasRetryLater): a failed try of the queue's job.
          deps.metrics?.jobFailed(VAS_POSTING_QUEUE);
          throw error;
        } finally {
          boss.notifyWorker(id);
        }
      },
    );
    ids.push(id);
  }
  return ids;
}
