import { ListPage } from '@/components/list-page';
import { useAuditLogs } from '../api/get-audit-logs';
import { auditLogsColumns } from './audit-logs-columns';

/** Audit Logs (docs/spec/product-spec.md section 2): date filters; Audit Date, Event, User, IP Address. */
export function AuditLogsPage() {
  return (
    <ListPage title="Audit Logs" tableLabel="Audit logs" useList={useAuditLogs} columns={auditLogsColumns} />
  );
}
