import { deriveKey, hmacSha256Hex, sha256Hex } from '../../lib/crypto.js';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The row that starts the keyed epoch (decision 010): rows before it carry plain SHA-256 hashes (written by
 * earlier versions), it and every row after it an HMAC-SHA-256 under a key derived from APP_KEY.
 */
export const KEYED_EPOCH_EVENT = 'Audit chain: keyed epoch started (HMAC-SHA-256)';

export type AuditContent = {
  id: number;
  createdAt: Date;
  event: string;
  actorId: number | null;
  actorName: string;
  ipAddress: string;
  prevHash: string;
};

export type StoredAudit = AuditContent & { hash: string };

/** What a row's hash covers: every column but the hash itself, including the previous row's hash. */
const canonical = (row: AuditContent) =>
  JSON.stringify([
    row.id,
    row.createdAt.toISOString(),
    row.event,
    row.actorId,
    row.actorName,
    row.ipAddress,
    row.prevHash,
  ]);

/** The hash of rows written before the keyed epoch (decision 003). */
export const plainAuditHash = (row: AuditContent) => sha256Hex(canonical(row));

export type AuditChainKey = { mac(row: AuditContent): string };

const KEY_SALT = 'freight-finance/audit-chain';
const KEY_PURPOSE = 'audit-chain-hmac-sha256-v1';

/**
 * The MAC of keyed rows. The key is derived from APP_KEY with HKDF under its own salt and purpose, so it is
 * unrelated to the key that encrypts the SAP password. `appKey` may be a function: resolved on first use.
 */
export function auditChainKey(appKey: string | undefined | (() => string)): AuditChainKey {
  let key: Buffer | undefined;
  return {
    mac(row) {
      if (!key) {
        const secret = typeof appKey === 'function' ? appKey() : appKey;
        if (!secret) throw new Error('APP_KEY is not set, so the audit log cannot be signed or verified.');
        key = deriveKey(secret, KEY_SALT, KEY_PURPOSE);
      }
      return hmacSha256Hex(key, canonical(row));
    },
  };
}

export type ChainBreak = { id: number; reason: string };

export const BREAK_REASONS = {
  link: 'its previous-hash does not match the row before it (a row was removed, inserted or altered before it)',
  altered: 'its content does not match its hash (the row was altered)',
  downgraded:
    'it carries a plain SHA-256 hash after the keyed epoch began (rewritten by someone without the audit key)',
  unkeyed:
    'no row is signed with the audit key: the keyed epoch marker and everything after it were removed or rewritten with plain SHA-256 ' +
    '(or no server of this version has started on this database yet)',
} as const;

export type ChainWalk = {
  /** Rows examined. */
  rows: number;
  /** Every row that fails, in id order; empty when the chain is intact. */
  breaks: ChainBreak[];
  /** The last row: what `audit:anchor` prints. */
  head?: { id: number; mac: string };
  /** The id of the row that started the keyed epoch. */
  keyedFrom?: number;
};

/**
 * Walks rows in id order (fed a page at a time) and names every row whose link or content does not verify.
 * After a break the walk goes on from the stored hash, so each edited, inserted or re-linked row is named
 * once. Rows before the keyed epoch verify as plain SHA-256; the epoch starts only at a marker row that
 * verifies under the key (nobody without the key can forge one), and from there on a plain hash is a break:
 * an attacker without the key can neither rewrite a keyed row nor downgrade it.
 */
export function createChainWalker(key: AuditChainKey) {
  let expectedPrev = GENESIS_HASH;
  let keyedFrom: number | undefined;
  let head: ChainWalk['head'];
  let rows = 0;
  const breaks: ChainBreak[] = [];

  const contentProblem = (row: StoredAudit): string | undefined => {
    const keyed = key.mac(row) === row.hash;
    if (keyedFrom !== undefined) {
      if (keyed) return undefined;
      return plainAuditHash(row) === row.hash ? BREAK_REASONS.downgraded : BREAK_REASONS.altered;
    }
    if (keyed && row.event === KEYED_EPOCH_EVENT) {
      keyedFrom = row.id;
      return undefined;
    }
    return plainAuditHash(row) === row.hash ? undefined : BREAK_REASONS.altered;
  };

  return {
    add(page: Iterable<StoredAudit>) {
      for (const row of page) {
        rows += 1;
        // The content is judged even after a broken link: it decides whether the keyed epoch has begun.
        const problem = contentProblem(row);
        if (row.prevHash !== expectedPrev) breaks.push({ id: row.id, reason: BREAK_REASONS.link });
        else if (problem) breaks.push({ id: row.id, reason: problem });
        expectedPrev = row.hash;
        head = { id: row.id, mac: row.hash };
      }
    },
    finish(): ChainWalk {
      const all = [...breaks];
      if (head && keyedFrom === undefined) all.push({ id: head.id, reason: BREAK_REASONS.unkeyed });
      return {
        rows,
        breaks: all,
        ...(head ? { head } : {}),
        ...(keyedFrom !== undefined ? { keyedFrom } : {}),
      };
    },
  };
}

/** A head kept outside the database: `<id>:<mac>` as `audit:anchor` prints it. */
export type AuditAnchor = { id: number; mac: string };

export const formatAnchor = (anchor: AuditAnchor) => `${anchor.id}:${anchor.mac}`;

export function parseAnchor(text: string): AuditAnchor {
  const match = /^(\d{1,18}):([0-9a-f]{64})$/.exec(text.trim());
  if (!match)
    throw new Error(
      `"${text}" is not an audit anchor: expected <row id>:<64 hex digits>, as printed by audit:anchor.`,
    );
  return { id: Number(match[1]), mac: match[2]! };
}
