import { unreadBadge } from '@villas/shared';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/get-notifications';
import { NotificationList } from './notification-list';

/**
 * The nav bar's bell: the unread count ('9+' above nine) and a scrolling panel of the
 * user's notifications, polled every 30 s.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { data } = useNotifications(userId);
  const unread = data?.filter((n) => !n.read).length ?? 0;
  const badge = unreadBadge(unread);
  // The name carries the badge's own text ('9+', not '10'): a name must contain the visible label
  // (WCAG 2.5.3, axe label-content-name-mismatch). The exact count is in the panel's heading.
  const label = badge ? `Notifications, ${badge} unread` : 'Notifications';

  return (
    <Popover>
      <PopoverTrigger
        aria-label={label}
        className="relative inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-ink hover:bg-sand data-[state=open]:bg-sand"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {badge && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute right-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-deep px-1 text-[10px] font-semibold leading-none text-paper ring-2 ring-ivory"
          >
            {badge}
          </span>
        )}
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label="Notifications"
        className="flex max-h-96 w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden"
      >
        <div className="flex items-baseline justify-between border-b border-line px-5 py-3.5">
          <h2 className="font-display text-xl">Notifications</h2>
          {unread > 0 && <span className="text-xs text-stone">{unread} unread</span>}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NotificationList userId={userId} />
        </div>
        <div className="border-t border-line px-5 py-2.5 text-right">
          <PopoverClose asChild>
            <Link
              to={paths.userDashboard}
              className="text-xs font-medium uppercase tracking-[0.14em] text-gold-deep hover:underline"
            >
              My Dashboard
            </Link>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
