import {
  formatLongDate,
  INBOX_SOURCE_LABELS,
  inboxStatusesOf,
  type InboxFilters,
  type InboxItem,
  type InboxSource,
  type InboxStatus,
} from '@villas/shared';
import { CheckCircle2, Mail, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { fullDateTime, sinceText } from '../../../lib/since';
import { useUpdateInquiryStatus } from '../api/update-inquiry-status';

/** The agent and villa filters keep the name they were chosen by, for their chip. */
export interface Filters extends InboxFilters {
  agentName?: string;
  propertyName?: string;
}

export const STATUS: Record<InboxStatus, { label: string; tone: 'yellow' | 'blue' | 'green' | 'gray' }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  responded: { label: 'Responded', tone: 'blue' },
  contacted: { label: 'Contacted', tone: 'blue' },
  converted: { label: 'Converted', tone: 'green' },
  closed: { label: 'Closed', tone: 'gray' },
};

const SOURCE_TONES: Record<InboxSource, 'gold' | 'neutral' | 'blue'> = {
  contact: 'neutral',
  'off-market': 'gold',
  'agent-booking': 'blue',
  'link-request': 'blue',
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-[0.14em] text-stone">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

const NotGiven = () => <span className="text-stone">Not given</span>;

function stay(i: InboxItem): string | null {
  if (i.checkIn && i.checkOut) return `${formatLongDate(i.checkIn)} – ${formatLongDate(i.checkOut)}`;
  if (i.checkIn) return `From ${formatLongDate(i.checkIn)}`;
  if (i.checkOut) return `Until ${formatLongDate(i.checkOut)}`;
  return null;
}

/** A name that narrows the list to its own requests: the visible name, what it does for screen readers. */
function FilterButton({ onClick, children, does }: { onClick: () => void; children: string; does: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer text-left underline decoration-line underline-offset-4 hover:decoration-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
    >
      {children}
      <span className="sr-only">: {does}</span>
    </button>
  );
}

export function InquiryCard({
  item: i,
  onFilter,
}: {
  item: InboxItem;
  onFilter: (f: Partial<Filters>) => void;
}) {
  const update = useUpdateInquiryStatus();
  const headingId = useId();
  const statusId = useId();
  const status = STATUS[i.status];
  const dates = stay(i);
  const country = text(i.searchCriteria?.country);
  const destination = text(i.searchCriteria?.destination);
  const fromAgent = i.source === 'agent-booking' || i.source === 'link-request';

  const setStatus = (next: InboxStatus) =>
    update.mutate(
      { item: i, status: next },
      {
        onSuccess: () => notify.success('Inquiry status updated successfully'),
        onError: (err) => notify.error('Error', errorMessage(err, 'Failed to update inquiry status')),
      },
    );

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-[3px] border border-line bg-paper p-5 shadow-soft sm:p-7"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={SOURCE_TONES[i.source]}>{INBOX_SOURCE_LABELS[i.source]}</Badge>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <h3 id={headingId} className="mt-3 break-words text-2xl leading-tight sm:text-[28px]">
              {i.name}
            </h3>
            <p className="mt-1 text-xs uppercase tracking-[0.12em] text-stone">
              Received{' '}
              <time dateTime={i.createdAt} title={fullDateTime(i.createdAt)}>
                {sinceText(i.createdAt)}
              </time>
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-3 sm:justify-end">
            <div className="w-36">
              <Label htmlFor={statusId}>Status</Label>
              <Select
                id={statusId}
                aria-label={`Status of the request from ${i.name}`}
                value={i.status}
                onValueChange={(v) => v !== i.status && setStatus(v as InboxStatus)}
                options={inboxStatusesOf(i.source).map((s) => ({ value: s, label: STATUS[s].label }))}
                disabled={update.isPending}
                className="h-9 text-sm"
              />
            </div>
            {i.status === 'pending' && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setStatus('closed')}
                disabled={update.isPending}
              >
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
                {update.isPending ? 'Closing...' : 'Mark as Closed'}
                <span className="sr-only">: inquiry from {i.name}</span>
              </Button>
            )}
          </div>
        </div>

        <ul aria-label="Contact" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <li className="flex min-w-0 items-center gap-2">
            <Mail className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
            <a className="break-all underline-offset-4 hover:underline" href={`mailto:${i.email}`}>
              {i.email}
            </a>
          </li>
          {i.phone && (
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
              <a
                className="underline-offset-4 hover:underline"
                href={`tel:${i.phone.replace(/[^+\d]/g, '')}`}
              >
                {i.phone}
              </a>
            </li>
          )}
        </ul>

        <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 border-t border-line pt-5 md:grid-cols-3 lg:grid-cols-6">
          {fromAgent && (
            <Detail label="Agent">
              {i.agentName && i.agentId ? (
                <FilterButton
                  onClick={() => onFilter({ agentId: i.agentId!, agentName: i.agentName! })}
                  does="show only this agent's requests"
                >
                  {i.agentName}
                </FilterButton>
              ) : (
                (i.agentName ?? <NotGiven />)
              )}
              {i.agencyName && <span className="block text-stone">{i.agencyName}</span>}
            </Detail>
          )}
          {i.linkTitle && <Detail label="Link">{i.linkTitle}</Detail>}
          {(i.propertyName || fromAgent) && (
            <Detail label="Villa">
              {i.propertyName && i.propertyId ? (
                <FilterButton
                  onClick={() => onFilter({ propertyId: i.propertyId!, propertyName: i.propertyName! })}
                  does="show only this villa's requests"
                >
                  {i.propertyName}
                </FilterButton>
              ) : (
                (i.propertyName ?? <NotGiven />)
              )}
            </Detail>
          )}
          <Detail label="Dates">{dates ?? <NotGiven />}</Detail>
          <Detail label="Guests">{i.guests ?? <NotGiven />}</Detail>
          {i.source === 'off-market' && (
            <>
              <Detail label="Budget">{i.budget ?? <NotGiven />}</Detail>
              <Detail label="Country">{country ?? <span className="text-stone">Any</span>}</Detail>
              <Detail label="Destination">{destination ?? <span className="text-stone">Any</span>}</Detail>
            </>
          )}
        </dl>

        {i.message && (
          <div className="mt-5">
            <p className="text-[11px] uppercase tracking-[0.14em] text-stone">Message</p>
            <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-relaxed text-ink">
              {i.message}
            </p>
          </div>
        )}
        {i.specialRequests && (
          <div className="mt-4 border-l-2 border-gold/60 pl-4">
            <p className="text-[11px] uppercase tracking-[0.14em] text-stone">Special requests</p>
            <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-relaxed text-ink">
              {i.specialRequests}
            </p>
          </div>
        )}
      </article>
    </li>
  );
}
