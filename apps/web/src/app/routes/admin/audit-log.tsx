import { AuditLog } from '../../../features/admin-audit/components/audit-log';

/** The audit log of administrators' changes (docs/decisions/007): linked from the admin header. */
export function Component() {
  return <AuditLog />;
}
