import { formatLongDate, type Hold, type HoldStatus, plural, pluralWord } from '@villas/shared';
import { CalendarClock, Check, Undo2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmHold, useReleaseHold } from '../api/end-hold';
import { useHolds } from '../api/get-holds';
import { HoldCountdown, useNow } from './hold-countdown';

const STATUS: Record<HoldStatus, { label: string; tone: 'gold' | 'green' | 'gray' }> = {
  active: { label: 'Held', tone: 'gold' },
  confirmed: { label: 'Confirmed', tone: 'green' },
  released: { label: 'Released', tone: 'gray' },
  expired: { label: 'Expired', tone: 'gray' },
};

const stayOf = (h: Hold) =>
  `${formatLongDate(h.checkIn)} – ${formatLongDate(h.checkOut)} · ${plural(h.nights, 'night')}`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-[0.14em] text-stone">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

function HoldCard({ hold: h, admin }: { hold: Hold; admin: boolean }) {
  const headingId = useId();
  const now = useNow();
  const release = useReleaseHold();
  const confirm = useConfirmHold();
  // A hold whose time ran out while on screen is shown expired before the next refetch.
  const status: HoldStatus =
    h.status === 'active' && new Date(h.expiresAt).getTime() <= now.getTime() ? 'expired' : h.status;
  const badge = STATUS[status];
  const active = status === 'active';

  const run = (action: typeof release, title: string, fallback: string) => () =>
    action
      .mutateAsync(h.id)
      .then((done) => {
        notify.success(
          title,
          `${done.propertyName}, ${formatLongDate(done.checkIn)} – ${formatLongDate(done.checkOut)}`,
        );
        return true;
      })
      .catch((err: unknown) => {
        notify.error('Error', errorMessage(err, fallback));
        return false;
      });

  const ended =
    h.status !== 'active' && h.closedAt
      ? `${badge.label} ${formatLongDate(h.closedAt)}${h.closedByName ? ` by ${h.closedByName}` : ''}`
      : null;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-[3px] border border-line bg-paper p-5 shadow-soft sm:p-6"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={badge.tone}>{badge.label}</Badge>
              {active && <HoldCountdown expiresAt={h.expiresAt} />}
            </div>
            <h3 id={headingId} className="mt-2 break-words text-2xl leading-tight">
              {h.propertyName}
            </h3>
            <p className="mt-1 text-sm text-stone">{stayOf(h)}</p>
          </div>
          {active && (
            <div className="flex flex-wrap gap-2 sm:justify-end">
              {admin && (
                <ConfirmDialog
                  trigger={
                    <Button size="sm" disabled={confirm.isPending}>
                      <Check className="h-3.5 w-3.5" aria-hidden />
                      Confirm
                      <span className="sr-only">
                        : hold on {h.propertyName} for {h.clientName}
                      </span>
                    </Button>
                  }
                  title="Confirm this hold?"
                  description={`${h.propertyName} becomes booked for ${h.clientName}, ${stayOf(h)}. The nights stay blocked in the calendar and ${h.agentName} is told.`}
                  confirmLabel="Confirm hold"
                  pendingLabel="Confirming..."
                  onConfirm={run(confirm, 'Hold confirmed', 'Failed to confirm the hold')}
                />
              )}
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline" disabled={release.isPending}>
                    <Undo2 className="h-3.5 w-3.5" aria-hidden />
                    Release
                    <span className="sr-only">
                      : hold on {h.propertyName} for {h.clientName}
                    </span>
                  </Button>
                }
                title="Release this hold?"
                description={`The nights of ${h.propertyName}, ${stayOf(h)}, become available to every agent again.${admin ? ` ${h.agentName} is told.` : ''}`}
                confirmLabel="Release hold"
                pendingLabel="Releasing..."
                onConfirm={run(release, 'Hold released', 'Failed to release the hold')}
              />
            </div>
          )}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 border-t border-line pt-4 sm:grid-cols-4">
          <Detail label="Client">{h.clientName}</Detail>
          {admin && (
            <Detail label="Agent">
              {h.agentName}
              {h.agentCompany && <span className="block text-xs text-stone">{h.agentCompany}</span>}
            </Detail>
          )}
          <Detail label="Placed">{formatLongDate(h.createdAt)}</Detail>
          <Detail label={active ? 'Expires' : 'Ended'}>
            {active
              ? formatLongDate(h.expiresAt)
              : (ended ?? `${badge.label} ${formatLongDate(h.expiresAt)}`)}
          </Detail>
        </dl>
      </article>
    </li>
  );
}

function HoldsState({
  query,
  admin,
  empty,
}: {
  query: ReturnType<typeof useHolds>;
  admin: boolean;
  empty: { title: string; text: string };
}) {
  const { data, isPending, isError, refetch } = query;
  if (isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading holds" />
      </div>
    );
  if (isError)
    return (
      <div className="rounded-[3px] border border-line bg-paper px-6 py-10 text-center text-sm text-stone">
        <p>The holds could not be loaded.</p>
        <Button className="mt-4" size="sm" variant="outline" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  if (data.length === 0)
    return (
      <div className="flex flex-col items-center rounded-[3px] border border-dashed border-line bg-paper px-6 py-12 text-center">
        <CalendarClock className="h-8 w-8 text-gold-deep" strokeWidth={1.25} aria-hidden />
        <p className="mt-4 font-display text-2xl">{empty.title}</p>
        <p className="mt-2 max-w-md text-sm leading-relaxed text-stone">{empty.text}</p>
      </div>
    );
  const order = (h: Hold) => (h.status === 'active' ? 0 : 1);
  const sorted = [...data].sort((a, b) => order(a) - order(b));
  return (
    <ul className="space-y-4">
      {sorted.map((h) => (
        <HoldCard key={h.id} hold={h} admin={admin} />
      ))}
    </ul>
  );
}

/** The agent's holds (My Dashboard): active ones first with their countdown and Release. */
export function AgentHolds() {
  const query = useHolds();
  return (
    <HoldsState
      query={query}
      admin={false}
      empty={{
        title: 'No holds yet',
        text: 'Place a hold from a booking inquiry to keep a villa’s nights while your client decides.',
      }}
    />
  );
}

/** Every active hold (admin): countdown, agent and client, Confirm and Release. */
export function AdminHolds() {
  const query = useHolds({ status: 'active' });
  return (
    <section aria-labelledby="admin-holds-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-holds-heading" className="text-3xl sm:text-4xl">
            Active holds
          </h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Nights agents are holding for their clients. Confirm a hold to book it, or release it to free the
            nights.
          </p>
        </div>
        {query.data && (
          <p className="text-sm text-stone">
            <span className="font-display text-3xl text-ink tabular-nums">{query.data.length}</span>{' '}
            {pluralWord(query.data.length, 'hold')}
          </p>
        )}
      </div>
      <div className="mt-6">
        <HoldsState
          query={query}
          admin
          empty={{ title: 'No active holds', text: 'Holds agents place from booking inquiries appear here.' }}
        />
      </div>
    </section>
  );
}
