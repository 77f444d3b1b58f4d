import { formatLongDate, type Notification } from '@villas/shared';
import { Check, Trash2 } from 'lucide-react';
import { QueryState } from '../../../components/ui/query-state';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useDeleteNotification, useMarkNotificationRead } from '../api/update-notification';

/**
 * The notification list: title, message, en-US long date, a 'New' badge and a
 * highlighted background for unread ones, and mark-as-read / delete actions. Used by the bell's
 * panel and by My Dashboard.
 */
export function NotificationList({ userId, className }: { userId: number; className?: string }) {
  const { data, isPending, isError } = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const remove = useDeleteNotification(userId);

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (isError) {
    return (
      <QueryState
        pending={false}
        error
        what="Notifications"
        errorLayout="text"
        errorClassName="px-5 py-10 text-center text-sm text-stone"
      />
    );
  }
  if (data.length === 0) {
    return <p className="px-5 py-10 text-center text-sm text-stone">No notifications yet</p>;
  }

  return (
    <ul className={cn('divide-y divide-line', className)}>
      {data.map((n: Notification) => (
        <li
          key={n.id}
          className={cn('flex gap-2 py-4 pl-5 pr-3', !n.read && 'bg-[#f6efe2]')}
          data-unread={n.read ? undefined : true}
        >
          <div className="min-w-0 flex-1">
            <p className="text-[15px] font-medium leading-snug text-ink">{n.title}</p>
            <p className="mt-1 text-sm leading-relaxed text-stone">{n.message}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <time dateTime={n.createdAt} className="text-[11px] uppercase tracking-[0.12em] text-stone">
                {formatLongDate(n.createdAt)}
              </time>
              {!n.read && <Badge tone="gold">New</Badge>}
            </div>
          </div>
          <div className="flex shrink-0 items-start gap-1">
            {!n.read && (
              <button
                type="button"
                aria-label={`Mark "${n.title}" as read`}
                title="Mark as read"
                disabled={markRead.isPending && markRead.variables === n.id}
                onClick={() =>
                  markRead.mutate(n.id, {
                    onError: (err) =>
                      notify.error('Could not mark as read', errorMessage(err, 'Please try again.')),
                  })
                }
                className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink disabled:opacity-50"
              >
                <Check className="h-4 w-4" aria-hidden />
              </button>
            )}
            <button
              type="button"
              aria-label={`Delete "${n.title}"`}
              title="Delete"
              disabled={remove.isPending && remove.variables === n.id}
              onClick={() =>
                remove.mutate(n.id, {
                  onError: (err) =>
                    notify.error('Could not delete the notification', errorMessage(err, 'Please try again.')),
                })
              }
              className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-danger disabled:opacity-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
