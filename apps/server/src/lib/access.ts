import type { CurrentUser } from '@villas/shared';
import { NotFoundError } from './errors';

/**
 * Who may act on a user's own data, in one place. Services ask here and
 * pass the answer to their repositories as an owner filter; what the caller may not act on is
 * answered 404, like something that does not exist.
 *
 * - White-label links and their inquiries: the owning agent, or any administrator
 *   (administrators manage all agent-created links and handle inquiries).
 * - Holds on a villa's nights: the agent they are for, or any administrator (administrators
 *   see every hold and confirm or release it).
 * - Notifications: their owner only, administrators included ("own notifications";
 *   the admin panel's Notifications tab lists off-market inquiries, never other users' bells).
 */
const ADMIN_MAY_ACT_ON_ANY = {
  whiteLabelLink: true,
  whiteLabelInquiry: true,
  hold: true,
  notification: false,
} as const;

export type OwnedResource = keyof typeof ADMIN_MAY_ACT_ON_ANY;
export type Actor = Pick<CurrentUser, 'id' | 'role'>;

/**
 * The owner filter for a repository query: `undefined` = every owner's rows (an administrator where
 * allowed), otherwise the actor's own id.
 */
export function ownerFilter(actor: Actor, resource: OwnedResource): number | undefined {
  return actor.role === 'admin' && ADMIN_MAY_ACT_ON_ANY[resource] ? undefined : actor.id;
}

/** May `actor` act on `resource` rows owned by `ownerId`? */
export function canActOn(actor: Actor, resource: OwnedResource, ownerId: number): boolean {
  const only = ownerFilter(actor, resource);
  return only === undefined || only === ownerId;
}

/** Throws 404 with `message` unless `actor` may act on what `ownerId` owns. */
export function assertCanActOn(
  actor: Actor,
  resource: OwnedResource,
  ownerId: number,
  message = 'Not found',
): void {
  if (!canActOn(actor, resource, ownerId)) throw new NotFoundError(message);
}
