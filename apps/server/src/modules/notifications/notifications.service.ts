import type { Queryable } from '../../db/client';
import { notifications } from '../../db/schema';
import { listAdmins } from '../users/users.repository';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  message: string;
  relatedId?: number | null;
  relatedType?: string | null;
}

export async function notify(db: Queryable, n: NewNotification): Promise<void> {
  await db.insert(notifications).values(n);
}

/** One notification per administrator (new applications, new inquiries). */
export async function notifyAdmins(db: Queryable, n: Omit<NewNotification, 'userId'>): Promise<void> {
  const admins = await listAdmins(db);
  if (admins.length) await db.insert(notifications).values(admins.map((a) => ({ ...n, userId: a.id })));
}
