import {
  formatLongDate,
  WL_INQUIRY_STATUSES,
  type WhiteLabelInquiry,
  type WhiteLabelInquiryStatus,
} from '@villas/shared';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toaster';
import { useAgentInquiries, useUpdateInquiryStatus } from '../api/inquiries';

const STATUS_TONE = {
  pending: 'yellow',
  contacted: 'blue',
  converted: 'green',
  closed: 'gray',
} as const satisfies Record<WhiteLabelInquiryStatus, string>;
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_OPTIONS = WL_INQUIRY_STATUSES.map((s) => ({ value: s, label: label(s) }));

export function StatusBadge({ status }: { status: WhiteLabelInquiryStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{label(status)}</Badge>;
}

function stay(i: WhiteLabelInquiry) {
  if (i.checkInDate && i.checkOutDate)
    return `${formatLongDate(i.checkInDate)} – ${formatLongDate(i.checkOutDate)}`;
  if (i.checkInDate) return `From ${formatLongDate(i.checkInDate)}`;
  return 'Flexible';
}

/** Extra actions the screen around the list puts on each request (features do not import each other). */
export type InquiryActions = (inquiry: WhiteLabelInquiry) => ReactNode;

/**
 * The Inquiries tab: each request with a status dropdown, any order, and the
 * actions the screen adds (the agent's dashboard: 'Place hold').
 */
export function InquiryList({ agentId, actions }: { agentId: number; actions?: InquiryActions }) {
  const { data, isPending, isError } = useAgentInquiries(agentId);
  const update = useUpdateInquiryStatus();

  if (isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading inquiries" />
      </div>
    );
  if (isError) return <QueryState pending={false} error what="Inquiries" errorLayout="text" />;
  if (data.length === 0)
    return (
      <div className="flex flex-col items-center py-14 text-center">
        <Inbox className="h-8 w-8 text-gold-deep" strokeWidth={1.25} aria-hidden />
        <p className="mt-4 font-display text-2xl">No inquiries yet</p>
        <p className="mt-2 max-w-sm text-sm text-stone">
          Booking requests your clients send from your links will appear here.
        </p>
      </div>
    );

  const onStatus = (id: number, status: WhiteLabelInquiryStatus) =>
    update.mutate(
      { id, status },
      {
        onSuccess: () => notify.success('Inquiry status updated successfully'),
        onError: () => notify.error('Failed to update inquiry status'),
      },
    );

  return (
    <ul className="space-y-4">
      {data.map((i) => (
        <li key={i.id} className="rounded-[3px] border border-line bg-ivory/60 p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-display text-2xl leading-tight">{i.name}</h3>
                <StatusBadge status={i.status} />
              </div>
              <p className="mt-1 text-sm text-stone">
                {i.propertyName ?? 'A villa'} · via {i.linkTitle}
              </p>
            </div>
            <div className="w-full sm:w-44">
              <Select
                aria-label={`Status of the inquiry from ${i.name}`}
                value={i.status}
                options={STATUS_OPTIONS}
                disabled={update.isPending && update.variables?.id === i.id}
                onValueChange={(v) => v !== i.status && onStatus(i.id, v as WhiteLabelInquiryStatus)}
              />
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-3">
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Email</dt>
              <dd className="mt-0.5 break-all">
                <a href={`mailto:${i.email}`} className="text-gold-deep underline-offset-4 hover:underline">
                  {i.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Phone</dt>
              <dd className="mt-0.5">
                {i.phone ? (
                  <a href={`tel:${i.phone}`} className="text-gold-deep underline-offset-4 hover:underline">
                    {i.phone}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Villa</dt>
              <dd className="mt-0.5">{i.propertyName ?? '—'}</dd>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Dates</dt>
              <dd className="mt-0.5">{stay(i)}</dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Guests</dt>
              <dd className="mt-0.5">{i.guests ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-[0.12em] text-stone">Received</dt>
              <dd className="mt-0.5">{formatLongDate(i.createdAt)}</dd>
            </div>
          </dl>
          {actions && <div className="mt-4 flex flex-wrap gap-2">{actions(i)}</div>}
          {i.message && (
            <blockquote className="mt-4 border-l-2 border-gold pl-4 text-sm italic leading-relaxed text-ink/85">
              {i.message}
            </blockquote>
          )}
        </li>
      ))}
    </ul>
  );
}
