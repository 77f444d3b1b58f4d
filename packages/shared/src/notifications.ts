import { z } from 'zod';

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
  userId: z.coerce
    .number({ error: 'Use a numeric user id' })
    .int('Use a numeric user id')
    .positive('Use a numeric user id'),
});
