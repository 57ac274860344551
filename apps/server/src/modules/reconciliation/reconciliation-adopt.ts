import { RECORD_KINDS_PLAIN } from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import { permissionSentence } from '../../plugins/access.js';
import type { AuditService } from '../audits/audit.service.js';
import { sapRef } from '../../erp/sap-gateway.js';
import { mismatchSentence, sameAsRun, standsFor } from './adoption.js';
import { centsOfDecimal } from './amounts.js';
import { recordLabel } from './compare.js';
import type { ReconciliationRepository } from './reconciliation.repository.js';
import { visibleTo } from './scope.js';

/** Who calls: the user, their permissions (what they may see and post) and the audit context. */
export type Caller = { userId: number; permissions: readonly string[]; context: AuditContext };

/**
 * "Adopt SAP's document" for a "not posted here" difference: the record is marked posted with the document SAP
 * holds under its key. Only for a caller who may see the difference and post its kind, and only when the
 * document stands for the record as it is now (adoption.ts), so SAP's figures never pass for ours unchecked.
 */
export function createAdopter(deps: { db: Db; repository: ReconciliationRepository; audit: AuditService }) {
  const { repository } = deps;
  return (runId: number, index: number, caller: Caller): Promise<{ message: string }> =>
    deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const differences = await repository.lockedDifferences(tx, runId);
      if (!differences) throw notFound('There is no reconciliation with this id.');
      const difference = differences[index];
      // One the caller may not see is answered as one that does not exist.
      if (!difference || !visibleTo(caller.permissions)(difference))
        throw notFound('This reconciliation has no such difference.');
      const decoded = (await repository.decodeKeys([difference.idempotencyKey], tx)).get(
        difference.idempotencyKey,
      );
      const label = recordLabel(decoded?.kind, difference.recordId, difference.tripNumber);
      if (decoded) {
        const post = RECORD_KINDS_PLAIN[decoded.kind].permissions.post;
        if (!caller.permissions.includes(post)) throw forbidden(permissionSentence(post));
      }
      const refused = new HttpError(422, `${label}: this difference cannot be adopted.`);
      const changed = new HttpError(
        409,
        `${label}: the record changed since the run; run the reconciliation again.`,
      );
      const sapCents = centsOfDecimal(difference.sap?.amount);
      if (difference.type !== 'not_posted_here' || !decoded || !difference.sap || sapCents === null)
        throw refused;
      const record = await repository.lockedRecord(tx, decoded);
      if (!record) throw refused;
      const ref = { docEntry: difference.sapDocEntry, docNum: difference.sapDocNum };
      const sap = { cents: sapCents, date: difference.sap.postingDate };
      // The SAP amount the run stored is in the measure of the record it compared: only comparable while the
      // record still stands as it did then (a run stored before adoptions were checked compared none).
      const current = sameAsRun(record.basis, difference.ours);
      if (current && !standsFor(record.basis, sap)) {
        const subjects = { sap: `SAP's document (${sapRef(ref)})`, record: label };
        throw new HttpError(422, `${mismatchSentence(record.basis, sap, subjects)}.`);
      }
      if (!difference.adoptable) throw refused;
      if (!current) throw changed;
      const adopted = await repository.adopt(
        tx,
        {
          ...decoded,
          key: difference.idempotencyKey,
          ref,
          postingDate: difference.sap.postingDate,
          amount: difference.sap.amount,
        },
        caller.userId,
      );
      if (!adopted)
        throw new HttpError(
          409,
          `${label}: the record is no longer unposted or failed here; run the reconciliation again.`,
        );
      differences[index] = { ...difference, adoptable: false };
      await repository.setDifferences(tx, runId, differences);
      const noun = RECORD_KINDS_PLAIN[decoded.kind].noun.one;
      await deps.audit.record(
        caller.context,
        `Adopted SAP's document (${sapRef(ref)}, key ${difference.idempotencyKey}) for ${label} from reconciliation #${runId}: the ${noun} is posted`,
        tx,
      );
      return { message: `${label}: marked posted with SAP's ${sapRef(ref)}.` };
    });
}
