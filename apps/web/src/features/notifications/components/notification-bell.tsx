import { Bell } from 'lucide-react';
import { Link } from 'react-router';

/** The bell: filled in by the notifications work (unread badge, panel). */
export function NotificationBell(_props: { userId: number }) {
  return (
    <Link
      to="/user-dashboard"
      aria-label="Notifications"
      className="inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-sand"
    >
      <Bell className="h-5 w-5" aria-hidden />
    </Link>
  );
}
