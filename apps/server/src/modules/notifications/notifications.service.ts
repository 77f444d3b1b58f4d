import type { Notification } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import { assertCanActOn, ownerFilter } from '../../lib/access';
import { NotFoundError } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './notifications.repository';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  message: string;
  relatedId?: number | null;
  relatedType?: string | null;
}

export async function notify(db: Queryable, n: NewNotification): Promise<void> {
  await repo.insertNotification(db, n);
}

/** One notification per administrator (new applications, new inquiries). */
export async function notifyAdmins(db: Queryable, n: Omit<NewNotification, 'userId'>): Promise<void> {
  await repo.insertForAdmins(db, n);
}

const NOT_FOUND = 'Notification not found';

function toNotification(r: repo.NotificationRow): Notification {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    relatedId: r.relatedId,
    relatedType: r.relatedType,
    read: r.read,
    createdAt: iso(r.createdAt)!,
  };
}

/**
 * A user's own notifications, newest first. Another user's id (administrators included, lib/access)
 * answers 404 like an unknown one: notifications are private to their owner.
 */
export async function listNotifications(
  db: Queryable,
  actor: AuthUser,
  userId: number,
  paging: { limit?: number; offset?: number } = {},
): Promise<Notification[]> {
  assertCanActOn(actor, 'notification', userId, 'Notifications not found');
  return (await repo.listForUser(db, { userId, ...paging })).map(toNotification);
}

export async function markNotificationRead(
  db: Queryable,
  actor: AuthUser,
  id: number,
): Promise<Notification> {
  const row = await repo.markRead(db, { id, userId: ownerFilter(actor, 'notification') });
  if (!row) throw new NotFoundError(NOT_FOUND);
  return toNotification(row);
}

export async function deleteNotification(db: Queryable, actor: AuthUser, id: number): Promise<void> {
  const deleted = await repo.deleteOwned(db, { id, userId: ownerFilter(actor, 'notification') });
  if (!deleted) throw new NotFoundError(NOT_FOUND);
}
