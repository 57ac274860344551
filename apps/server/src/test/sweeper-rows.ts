import { eq } from 'drizzle-orm';
import { postingAttempts } from '../db/schema.js';
import { sapGatewayFor } from '../erp/sap-gateway-adapter.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';
import {
  importRecords,
  keyOf,
  nairobiDay,
  recordRows,
  storedRows,
  type PostingHarness,
} from './posting-harness.js';

/** Test-only: the rows the posting sweeper settles, as a crash or a lost reply leaves them (cash advances). */

const step = POSTING_STEPS.cashAdvance;

/** The document a poster would have sent for cash advance `id`, created in SAP (the POST landed, then the crash). */
export async function createCashAdvanceInSap(
  h: PostingHarness,
  id: number,
  amount: string,
  transporterCode: string,
) {
  const document = h.app.services.postingRules.cashAdvance({
    key: keyOf('CA', id),
    postingDate: nairobiDay(),
    documentDate: nairobiDay(-5),
    amount,
    transporterCode,
    pettyCashAccount: '110101',
  });
  return (await sapGatewayFor(h.app.services.sap).create(document)).docEntry;
}

/**
 * A cash advance that failed unconfirmed (reply lost, look-up failed) `agoMs` ago, on the petty cash ledger
 * `pettyCash` (110101), posted by `userId` (or no one); with its document in SAP when `inSap`.
 */
export async function failedUnconfirmedCashAdvance(
  h: PostingHarness,
  pettyCash: number,
  agoMs: number,
  options: { inSap: boolean; userId?: number },
) {
  const [id] = await importRecords(h, 'cash', [recordRows.cash()]);
  const attemptId = await h.database.db.transaction((tx) =>
    h.app.services.postingRepository.claim(
      step,
      {
        id: id!,
        postingDate: nairobiDay(),
        userId: options.userId ?? null,
        extra: { onAccountId: pettyCash },
      },
      tx as never,
    ),
  );
  const [row] = await storedRows(h, 'cash', [id!]);
  const docEntry = options.inSap
    ? await createCashAdvanceInSap(h, id!, String(row!.amount), String(row!.transporterCode))
    : null;
  await h.app.services.postingRepository.markFailed(step, id!, attemptId!, {
    outcome: 'unknown',
    message: 'SAP did not confirm the posting.',
  });
  await h.database.db
    .update(postingAttempts)
    .set({ finishedAt: new Date(Date.now() - agoMs) })
    .where(eq(postingAttempts.id, attemptId!));
  return { id: id!, docEntry, attemptId: attemptId! };
}
