import type { WhiteLabelInquiry } from '@villas/shared';
import { ArrowLeft, Bell, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AgentHolds } from '../../features/holds/components/hold-list';
import { PlaceHoldDialog } from '../../features/holds/components/place-hold-dialog';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { DashboardLinks } from '../../features/white-label/components/dashboard-links';
import { LinkManagementDialog } from '../../features/white-label/components/link-management-dialog';
import { RequireUser } from '../layout/require-user';

/** 'Place hold' on a client's request that names a villa. */
const holdAction = (i: WhiteLabelInquiry) =>
  i.propertyId == null ? null : (
    <PlaceHoldDialog
      source={{
        inquiryId: i.id,
        inquiryKind: 'white-label',
        propertyName: i.propertyName ?? 'The villa',
        clientName: i.name,
        checkIn: i.checkInDate,
        checkOut: i.checkOutDate,
      }}
      trigger={
        <Button size="sm" variant="outline">
          <CalendarClock className="h-3.5 w-3.5" aria-hidden />
          Place hold
          <span className="sr-only">
            : {i.propertyName} for {i.name}
          </span>
        </Button>
      }
    />
  );

/** My Dashboard: the agent's white-label links, their notifications and link management. */
export function Component() {
  return (
    <RequireUser>
      {(user) => (
        <>
          <div className="border-b border-line bg-paper">
            <div className="mx-auto max-w-7xl px-5 py-10 sm:px-8 sm:py-14">
              <Button variant="ghost" size="sm" className="-ml-4" asChild>
                <Link to={paths.dashboard}>
                  <ArrowLeft className="h-4 w-4" aria-hidden />
                  Back to Properties
                </Link>
              </Button>
              <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
                <div>
                  <p className="eyebrow">My Dashboard</p>
                  <h1 className="mt-2 text-4xl sm:text-5xl">My Links</h1>
                  <p className="mt-3 max-w-xl text-stone">
                    Your branded collections, how often clients open them, and what they ask you.
                  </p>
                </div>
                <LinkManagementDialog agentId={user.id} inquiryActions={holdAction} />
              </div>
            </div>
          </div>

          <div className="mx-auto grid max-w-7xl gap-10 px-5 py-10 sm:px-8 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-labelledby="links-heading">
              <h2 id="links-heading" className="mb-5 text-3xl">
                White-label links
              </h2>
              <DashboardLinks />
              <section aria-labelledby="holds-heading" className="mt-14">
                <h2 id="holds-heading" className="mb-2 flex items-center gap-2 text-3xl">
                  <CalendarClock className="h-5 w-5 text-gold-deep" aria-hidden />
                  Holds
                </h2>
                <p className="mb-5 max-w-xl text-sm text-stone">
                  Villas you are holding for your clients. Each hold ends by itself when it expires.
                </p>
                <AgentHolds />
              </section>
            </section>
            <section aria-labelledby="notifications-heading" className="lg:pt-0">
              <h2 id="notifications-heading" className="mb-5 flex items-center gap-2 text-3xl">
                <Bell className="h-5 w-5 text-gold-deep" aria-hidden />
                Notifications
              </h2>
              <div className="overflow-hidden rounded-[3px] border border-line bg-paper shadow-soft lg:max-h-[40rem] lg:overflow-y-auto">
                <NotificationList userId={user.id} />
              </div>
            </section>
          </div>
        </>
      )}
    </RequireUser>
  );
}
