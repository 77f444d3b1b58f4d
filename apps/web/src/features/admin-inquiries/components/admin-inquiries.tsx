import {
  formatLongDate,
  inquiryTypeOf,
  type Inquiry,
  type InquiryStatus,
  type InquiryTypeLabel,
} from '@villas/shared';
import { CheckCircle2, Inbox, Mail, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useAdminInquiries } from '../api/get-inquiries';
import { useUpdateInquiryStatus } from '../api/update-inquiry-status';
import { Count } from '../../../components/ui/count';
import { ListEmpty } from '../../../components/ui/list-empty';

const STATUS: Record<InquiryStatus, { label: string; tone: 'yellow' | 'blue' | 'gray' }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  responded: { label: 'Responded', tone: 'blue' },
  closed: { label: 'Closed', tone: 'gray' },
};

const TYPE_TONES: Record<InquiryTypeLabel, 'gold' | 'neutral'> = {
  'Off-Market Property': 'gold',
  'Contact Form': 'neutral',
  'General Inquiry': 'neutral',
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

function stay(i: Inquiry): string | null {
  if (i.checkIn && i.checkOut) return `${formatLongDate(i.checkIn)} – ${formatLongDate(i.checkOut)}`;
  if (i.checkIn) return `From ${formatLongDate(i.checkIn)}`;
  if (i.checkOut) return `Until ${formatLongDate(i.checkOut)}`;
  return null;
}

function InquiryCard({ inquiry: i }: { inquiry: Inquiry }) {
  const update = useUpdateInquiryStatus();
  const headingId = useId();
  const name = `${i.firstName} ${i.lastName}`.trim();
  const type = inquiryTypeOf(i);
  const status = STATUS[i.status];
  const country = text(i.searchCriteria?.country);
  const destination = text(i.searchCriteria?.destination);
  const dates = stay(i);
  const closing = update.isPending;

  const close = () =>
    update.mutate(
      { id: i.id, status: 'closed' },
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
              <Badge tone={TYPE_TONES[type]}>{type}</Badge>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <h3 id={headingId} className="mt-3 break-words text-2xl leading-tight sm:text-[28px]">
              {name}
            </h3>
            <p className="mt-1 text-xs uppercase tracking-[0.12em] text-stone">
              Received <time dateTime={i.createdAt}>{formatLongDate(i.createdAt)}</time>
            </p>
          </div>
          {i.status === 'pending' && (
            <Button size="sm" variant="outline" onClick={close} disabled={closing}>
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
              {closing ? 'Closing...' : 'Mark as Closed'}
              <span className="sr-only">: inquiry from {name}</span>
            </Button>
          )}
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
          <Detail label="Dates">{dates ?? <span className="text-stone">Not given</span>}</Detail>
          <Detail label="Guests">{i.guests ?? <span className="text-stone">Not given</span>}</Detail>
          <Detail label="Budget">{i.budget ?? <span className="text-stone">Not given</span>}</Detail>
          <Detail label="Country">{country ?? <span className="text-stone">Any</span>}</Detail>
          <Detail label="Destination">{destination ?? <span className="text-stone">Any</span>}</Detail>
          {i.propertyName && <Detail label="Property">{i.propertyName}</Detail>}
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

/**
 * The Notifications tab (off-market inquiries): counts of Pending and Closed, then every
 * inquiry with its type (from the message prefix), status, contact data, stay, budget, country and
 * destination, message and special requests; pending ones can be marked as closed.
 */
export function AdminInquiries() {
  const list = useAdminInquiries();
  const { data, isPending, isError } = list;
  const count = (s: InquiryStatus) => data?.filter((i) => i.status === s).length ?? 0;

  return (
    <div>
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">Off-market Inquiries</h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Requests from the off-market dialog, the contact form and property enquiries, newest first.
          </p>
        </div>
        {data && (
          <div role="group" aria-label="Inquiry counts">
            <dl className="flex flex-wrap gap-3">
              <Count label="Pending" value={count('pending')} />
              <Count label="Closed" value={count('closed')} />
              {count('responded') > 0 && <Count label="Responded" value={count('responded')} />}
            </dl>
          </div>
        )}
      </div>

      <div className="mt-8">
        {isPending || isError ? (
          <QueryState query={list} loadingLabel="Loading inquiries" what="The inquiries" />
        ) : data.length === 0 ? (
          <ListEmpty icon={Inbox} title="No inquiries yet">
            Off-market requests, contact-form messages and property enquiries will appear here as they arrive.
          </ListEmpty>
        ) : (
          <ul className="space-y-5">
            {data.map((i) => (
              <InquiryCard key={i.id} inquiry={i} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
