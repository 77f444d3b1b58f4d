import { z } from 'zod';
import { pathIdSchema } from './common.js';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  relatedId: z.number().int().nullable(),
  relatedType: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const userIdParamSchema = z.object({
  userId: pathIdSchema('user id'),
});
