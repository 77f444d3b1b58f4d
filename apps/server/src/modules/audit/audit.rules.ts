import type { UpdateUserInput } from '@villas/shared';
import type { AuditRule } from '../../plugins/audit';
import { userDeleteDecision, userEditDecision } from './audit.service';

const pathId = (params: unknown) => Number((params as { id?: unknown }).id);

/** `PUT /api/admin/users/:id`: approval, role change or another edit. */
export const userEditAudit: AuditRule = {
  action: 'user.update',
  refine: (request) =>
    userEditDecision(request.server.db, pathId(request.params), request.body as Partial<UpdateUserInput>),
};

/** `DELETE /api/admin/users/:id`: keeps the deleted account's e-mail. */
export const userDeleteAudit: AuditRule = {
  action: 'user.delete',
  refine: (request) => userDeleteDecision(request.server.db, pathId(request.params)),
};
