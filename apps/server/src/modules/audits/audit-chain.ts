import { sha256Hex } from '../../lib/crypto.js';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditContent = {
  id: number;
  createdAt: Date;
  event: string;
  actorId: number | null;
  actorName: string;
  ipAddress: string;
  prevHash: string;
};

/** The hash of a row covers every column but the hash itself, including the previous row's hash. */
export function auditHash(row: AuditContent): string {
  return sha256Hex(
    JSON.stringify([
      row.id,
      row.createdAt.toISOString(),
      row.event,
      row.actorId,
      row.actorName,
      row.ipAddress,
      row.prevHash,
    ]),
  );
}

export type ChainBreak = { id: number; reason: string };

/**
 * Walks rows in id order and names the first row whose stored hash does not match its content or whose
 * prev_hash does not match the row before it (an edited, inserted or removed row).
 */
export function findChainBreak(rows: Iterable<AuditContent & { hash: string }>, previousHash = GENESIS_HASH): {
  lastHash: string;
  broken?: ChainBreak;
} {
  let expectedPrev = previousHash;
  for (const row of rows) {
    if (row.prevHash !== expectedPrev) {
      return { lastHash: expectedPrev, broken: { id: row.id, reason: 'its previous-hash does not match the row before it (a row was removed, inserted or altered before it)' } };
    }
    if (auditHash(row) !== row.hash) {
      return { lastHash: expectedPrev, broken: { id: row.id, reason: 'its content does not match its hash (the row was altered)' } };
    }
    expectedPrev = row.hash;
  }
  return { lastHash: expectedPrev };
}
