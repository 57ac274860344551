/**
 * Every PostgreSQL advisory lock id the server takes with a fixed number, in one place so two features never share
 * one by accident (issue 30 found the dashboard's install lock on the audit chain's id: an import holding a record
 * table and waiting for the audit lock, against an install holding the audit lock and waiting for the tables, would
 * have deadlocked). Locks keyed by a hash of a name (the supplier-invoice numbers, the nightly reconciliation) are
 * 64-bit hashes, outside this small range in practice. `advisory-locks.test.ts` proves the ids distinct.
 */
export const ADVISORY_LOCKS = {
  /** db/client.ts: applying migrations, one process at a time. */
  migrations: 727_001,
  /** modules/audits: appending to the hash chain. */
  auditChain: 727_002,
  /** bootstrap/seed.ts: the first administrator and the roles. */
  seed: 727_003,
  /** modules/users: keeping one active administrator. */
  administrator: 727_004,
  /** modules/settings: creating the one connection setting. */
  connectionSetting: 727_010,
  /** modules/dashboard: installing the running totals' triggers. */
  dashboardCountersInstall: 727_020,
  /** modules/dashboard: compacting the running totals (a try-lock). */
  dashboardCountersCompact: 727_021,
} as const;
