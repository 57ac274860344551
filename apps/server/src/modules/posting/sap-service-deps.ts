import type { Db } from '../../db/client.js';
import type { SapGateway } from '../../erp/sap-gateway.js';
import type { AuditService } from '../audits/audit.service.js';

/**
 * What a service that writes to SAP needs (posting, reversal, reconciliation): the database and its own
 * repository, SAP (the gateway of the connection in use) and the audit log.
 */
export type SapServiceDeps<Repository> = {
  db: Db;
  repository: Repository;
  sap: () => SapGateway;
  audit: AuditService;
};
