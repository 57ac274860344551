import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import type { Metrics } from './lib/metrics.js';
import type { Notifier } from './lib/notices.js';
import type { AuditService } from './modules/audits/audit.service.js';
import type { PostingRepository } from './modules/posting/posting.repository.js';
import type { SapGateway } from './erp/sap-gateway.js';
import type { BoundKinds } from './modules/posting/bound-kinds.js';
import type { Mailer } from './mail/mailer.js';

/** What every module after "Post to SAP" may use (services.ts builds it). */
export type AfterPostingDeps = {
  env: Env;
  db: Db;
  log: FastifyBaseLogger;
  audit: AuditService;
  mailer: Mailer;
  /** The pg-boss queue; undefined in one-off commands (then jobs run in the process or not at all). */
  queue: PgBoss | undefined;
  sap: () => SapGateway;
  postingRepository: PostingRepository;
  kinds: BoundKinds;
  /** The process's metrics (lib/metrics.ts): the reversal sweeper's settlements, reconciliation runs. */
  metrics: Metrics;
  /** Tells users (the bell, the digest): the notifications module's, silent until it is built. */
  notifier: Notifier;
};
