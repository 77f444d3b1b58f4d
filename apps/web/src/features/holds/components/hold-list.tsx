import { formatLongDate, type Hold, type HoldStatus, plural, pluralWord } from '@villas/shared';
import { CalendarClock, Check, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardDetail } from '../../../components/ui/list-card';
import { QueryState, StaleNotice } from '../../../components/ui/query-state';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmHold, useReleaseHold } from '../api/end-hold';
import { useAdminHolds } from '../api/get-admin-holds';
import { useHolds } from '../api/get-holds';
import { useReleaseHolds } from '../api/release-holds';
import { HoldCountdown, useNow } from './hold-countdown';
import { ShowMoreButton } from '../../../components/ui/show-more';

const STATUS: Record<HoldStatus, { label: string; tone: 'gold' | 'green' | 'gray' }> = {
  active: { label: 'Held', tone: 'gold' },
  confirmed: { label: 'Confirmed', tone: 'green' },
  released: { label: 'Released', tone: 'gray' },
  expired: { label: 'Expired', tone: 'gray' },
};

const stayOf = (h: Hold) =>
  `${formatLongDate(h.checkIn)} – ${formatLongDate(h.checkOut)} · ${plural(h.nights, 'night')}`;

/** A card's checkbox in the administrators' list: whether the hold is among those to release. */
interface Selection {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function HoldCard({ hold: h, admin, select }: { hold: Hold; admin: boolean; select?: Selection }) {
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
          <div className="flex min-w-0 gap-4">
            {select && active && (
              <Checkbox
                className="mt-0.5"
                checked={select.checked}
                onCheckedChange={select.onChange}
                aria-label={`Select the hold on ${h.propertyName} for ${h.clientName}`}
              />
            )}
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
          <CardDetail label="Client">{h.clientName}</CardDetail>
          {admin && (
            <CardDetail label="Agent">
              {h.agentName}
              {h.agentCompany && <span className="block text-xs text-stone">{h.agentCompany}</span>}
            </CardDetail>
          )}
          <CardDetail label="Placed">{formatLongDate(h.createdAt)}</CardDetail>
          <CardDetail label={active ? 'Expires' : 'Ended'}>
            {active
              ? formatLongDate(h.expiresAt)
              : (ended ?? `${badge.label} ${formatLongDate(h.expiresAt)}`)}
          </CardDetail>
        </dl>
      </article>
    </li>
  );
}

/** The loading and failed states both hold lists share. */
const HOLDS_STATES = {
  loadingLabel: 'Loading holds',
  loadingClassName: 'py-12',
  what: 'The holds',
  errorRole: 'alert',
  errorClassName: 'rounded-[3px] border border-line bg-paper px-6 py-10 text-center text-sm text-stone',
} as const;

function HoldsEmpty({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-[3px] border border-dashed border-line bg-paper px-6 py-12 text-center">
      <CalendarClock className="h-8 w-8 text-gold-deep" strokeWidth={1.25} aria-hidden />
      <p className="mt-4 font-display text-2xl">{title}</p>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-stone">{text}</p>
    </div>
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
  const { data = [] } = query;
  const order = (h: Hold) => (h.status === 'active' ? 0 : 1);
  const sorted = [...data].sort((a, b) => order(a) - order(b));
  return (
    <QueryState {...HOLDS_STATES} query={query} isEmpty={data.length === 0} empty={<HoldsEmpty {...empty} />}>
      <ul className="space-y-4">
        {sorted.map((h) => (
          <HoldCard key={h.id} hold={h} admin={admin} />
        ))}
      </ul>
    </QueryState>
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

/**
 * Every agent's active holds (admin), a page at a time: countdown, agent and client, Confirm and
 * Release on each, and several selected with their checkboxes released at once after asking.
 */
export function AdminHolds() {
  const query = useAdminHolds();
  const releaseMany = useReleaseHolds();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? 0;
  // Only holds still on screen stay selected (one that ended elsewhere leaves the list).
  const chosen = items.filter((h) => selected.has(h.id)).map((h) => h.id);
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(new Set(on ? items.map((h) => h.id) : []));

  const releaseChosen = () =>
    releaseMany
      .mutateAsync(chosen)
      .then(({ released, notActive }) => {
        setSelected(new Set());
        const ended = notActive.length ? `${plural(notActive.length, 'hold')} had already ended.` : undefined;
        if (released.length === 0) notify.error('No hold released', ended);
        else notify.success(`${plural(released.length, 'hold')} released`, ended);
        return true;
      })
      .catch((err: unknown) => {
        notify.error('Error', errorMessage(err, 'Failed to release the holds'));
        return false;
      });

  const body = (
    <QueryState
      {...HOLDS_STATES}
      pending={query.isPending}
      error={query.isError && items.length === 0}
      onRetry={query.refetch}
      retrying={query.isFetching}
      isEmpty={items.length === 0}
      empty={
        <HoldsEmpty title="No active holds" text="Holds agents place from booking inquiries appear here." />
      }
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-[3px] border border-line bg-paper px-4 py-3">
        <label className="flex cursor-pointer items-center gap-3 text-sm text-ink">
          <Checkbox checked={allChosen} onCheckedChange={toggleAll} />
          Select all shown
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone tabular-nums" aria-live="polite">
            {chosen.length} selected
          </p>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" disabled={chosen.length === 0 || releaseMany.isPending}>
                <Undo2 className="h-3.5 w-3.5" aria-hidden />
                Release selected
              </Button>
            }
            title={`Release ${plural(chosen.length, 'hold')}?`}
            description={`The nights of the ${plural(chosen.length, 'selected hold')} become available to every agent again. Each hold’s agent is told.`}
            confirmLabel="Release holds"
            pendingLabel="Releasing..."
            onConfirm={releaseChosen}
            focusAfter={() => headingRef.current}
          />
        </div>
      </div>
      {query.isError && (
        <StaleNotice onRetry={query.refetch} retrying={query.isFetching}>
          The holds could not be refreshed.
        </StaleNotice>
      )}
      <ul className="space-y-4">
        {items.map((h) => (
          <HoldCard
            key={h.id}
            hold={h}
            admin
            select={{ checked: selected.has(h.id), onChange: (on) => toggle(h.id, on) }}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-xs text-stone">
            Showing {items.length} of {total}
          </p>
          <ShowMoreButton onClick={query.fetchNextPage} loading={query.isFetchingNextPage} />
        </div>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="admin-holds-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-holds-heading" ref={headingRef} tabIndex={-1} className="text-3xl sm:text-4xl">
            Active holds
          </h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Nights agents are holding for their clients. Confirm a hold to book it, or release it to free the
            nights; select several to release them at once.
          </p>
        </div>
        {query.data && (
          <p className="text-sm text-stone">
            <span className="font-display text-3xl text-ink tabular-nums">{total}</span>{' '}
            {pluralWord(total, 'hold')}
          </p>
        )}
      </div>
      <div className="mt-6">{body}</div>
    </section>
  );
}
