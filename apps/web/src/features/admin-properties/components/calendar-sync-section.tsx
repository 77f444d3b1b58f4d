import { zodResolver } from '@hookform/resolvers/zod';
import { icalFeedInputSchema, type IcalFeed, type IcalFeedInput, plural } from '@villas/shared';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { QueryState } from '../../../components/ui/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAddIcalFeed } from '../api/add-ical-feed';
import { useIcalExport } from '../api/get-ical-export';
import { useIcalFeeds } from '../api/get-ical-feeds';
import { useRemoveIcalFeed } from '../api/remove-ical-feed';
import { useRotateIcalExport } from '../api/rotate-ical-export';
import { useRunIcalFeed } from '../api/run-ical-feed';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type FeedOutput = z.output<typeof icalFeedInputSchema>;

const RUN_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The feed's host ('www.airbnb.com'), for feeds stored without a label. */
function hostOf(url: string): string {
  try {
    return new URL(url.replace(/^webcal:/i, 'https:')).hostname || url;
  } catch {
    return url;
  }
}
const nameOf = (feed: IcalFeed) => feed.label.trim() || hostOf(feed.url);

/** The server answers the path alone when it has no public URL configured: made absolute here. */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/**
 * Calendar Sync of the Edit Property dialog: the iCal feeds imported into the property (each with its
 * last run, 'Sync now' and 'Remove'), a form to add one, and the property's own export address. It
 * sits inside the property's <form>, so it has no <form> of its own: its buttons are type="button"
 * and Enter in its fields is caught before it can submit the property. Every change here is saved at
 * once, not by Update Property.
 */
export function CalendarSyncSection({ propertyId }: { propertyId?: number }) {
  if (propertyId == null) {
    return (
      <p className="rounded-[3px] border border-line bg-sand/40 px-4 py-6 text-center text-sm text-stone">
        Save the property first to connect calendars.
      </p>
    );
  }
  return (
    <div className="space-y-10">
      <p className="text-sm text-stone">
        Calendar changes are saved as you make them; they do not wait for Update Property.
      </p>
      <ImportFeeds propertyId={propertyId} />
      <ExportAddress propertyId={propertyId} />
    </div>
  );
}

function ImportFeeds({ propertyId }: { propertyId: number }) {
  const feeds = useIcalFeeds(propertyId);
  const headingId = useId();
  const addId = useId();
  // After a removal the row is gone: focus goes to the new feed's URL.
  const focusUrl = () => document.getElementById(addId)?.querySelector<HTMLInputElement>('input') ?? null;

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h3 id={headingId} className="text-2xl">
          Import calendars
        </h3>
        <p className="mt-1 text-sm text-stone">
          Nights booked on Airbnb, Vrbo, Booking.com or another calendar are blocked here. A new feed is read
          at the next scheduled import, or straight away with Sync now.
        </p>
      </div>

      {feeds.isPending || feeds.isError ? (
        <QueryState
          query={feeds}
          loadingLabel="Loading calendar feeds"
          loadingClassName="py-6"
          what="The calendar feeds"
          errorCause={feeds.error}
          errorClassName="py-6 text-center text-sm text-stone"
        />
      ) : feeds.data.length === 0 ? (
        <p className="text-sm text-stone">No calendars imported yet.</p>
      ) : (
        <ul aria-label="Imported calendars" className="divide-y divide-line border-y border-line">
          {feeds.data.map((feed) => (
            <FeedRow key={feed.id} propertyId={propertyId} feed={feed} focusAfterRemove={focusUrl} />
          ))}
        </ul>
      )}

      <AddFeed propertyId={propertyId} id={addId} />
    </section>
  );
}

function FeedStatus({ feed }: { feed: IcalFeed }) {
  if (!feed.lastRunAt) return <Badge tone="gray">Not synced yet</Badge>;
  const ok = feed.lastStatus === 'ok';
  return (
    <>
      <Badge tone={ok ? 'success' : 'danger'}>{ok ? 'OK' : 'Failed'}</Badge>
      <span>
        Last run <time dateTime={feed.lastRunAt}>{RUN_TIME.format(new Date(feed.lastRunAt))}</time>
      </span>
      <span>{plural(feed.lastEventCount ?? 0, 'event')}</span>
      <span>{plural(feed.blockedNights, 'blocked night')}</span>
    </>
  );
}

function FeedRow({
  propertyId,
  feed,
  focusAfterRemove,
}: {
  propertyId: number;
  feed: IcalFeed;
  focusAfterRemove: () => HTMLElement | null;
}) {
  const run = useRunIcalFeed(propertyId);
  const remove = useRemoveIcalFeed(propertyId);
  const name = nameOf(feed);
  const failed = feed.lastRunAt != null && feed.lastStatus !== 'ok';

  const syncNow = () =>
    run.mutate(feed.id, {
      onSuccess: (r) =>
        r.status === 'failed'
          ? notify.error('Sync Triggered', r.message)
          : notify.success('Sync Triggered', r.message),
      onError: (err) => notify.error('Error', errorMessage(err, 'The calendar could not be synced')),
    });

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink">{name}</span>
          {feed.connectionId != null && <Badge tone="blue">Managed by connection #{feed.connectionId}</Badge>}
        </p>
        <p className="truncate text-xs text-stone" title={feed.url}>
          {feed.url}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone">
          <FeedStatus feed={feed} />
        </p>
        {failed && feed.lastError && <p className="break-words text-xs text-danger">{feed.lastError}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={syncNow}
          disabled={run.isPending}
          aria-label={run.isPending ? `Syncing ${name}` : `Sync ${name} now`}
        >
          <RefreshCw className={run.isPending ? 'h-3.5 w-3.5 animate-spin' : 'h-3.5 w-3.5'} aria-hidden />
          {run.isPending ? 'Syncing...' : 'Sync now'}
        </Button>
        <ConfirmDelete
          label="Remove"
          className=""
          ariaLabel={`Remove ${name}`}
          title="Remove this calendar?"
          description={
            <>
              {name} stops being imported, and the nights only it blocked are released.
              {feed.connectionId != null &&
                ` It is managed by connection #${feed.connectionId}, whose next sync may add it again.`}
            </>
          }
          confirmLabel="Remove"
          pendingLabel="Removing..."
          remove={() => remove.mutateAsync(feed.id)}
          done={['Feed removed', `${name} no longer blocks nights on this property.`]}
          failed="The calendar feed could not be removed"
          focusAfter={focusAfterRemove}
        />
      </div>
    </li>
  );
}

function AddFeed({ propertyId, id }: { propertyId: number; id: string }) {
  const add = useAddIcalFeed(propertyId);
  const form = useForm<IcalFeedInput, unknown, FeedOutput>({
    resolver: zodResolver(icalFeedInputSchema),
    defaultValues: { url: '', label: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((v) =>
    add.mutate(
      { url: v.url, ...(v.label ? { label: v.label } : {}) },
      {
        onSuccess: (feed) => {
          notify.success(
            'Calendar feed added',
            `${nameOf(feed)} is read at the next import, or use Sync now.`,
          );
          form.reset();
        },
        onError: (err) => {
          const fields = (err instanceof ApiError ? (err.issues ?? []) : []).filter(
            (i) => i.path[0] === 'url' || i.path[0] === 'label',
          );
          if (fields.length) {
            for (const i of fields) form.setError(i.path[0] as 'url' | 'label', { message: i.message });
            return;
          }
          notify.error('Error', errorMessage(err, 'The calendar feed could not be added'));
        },
      },
    ),
  );
  // This sits inside the property's <form>: Enter adds the feed and never submits the property.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!add.isPending) void submit();
  };

  return (
    <div
      id={id}
      role="group"
      aria-labelledby={`${id}-heading`}
      className="rounded-[3px] border border-line p-4 sm:p-5"
    >
      <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-[0.12em] text-stone">
        Add a calendar feed
      </h4>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Feed URL" error={errors.url?.message}>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://… .ics"
            onKeyDown={onEnter}
            {...form.register('url')}
          />
        </Field>
        <Field label="Label (optional)" error={errors.label?.message}>
          <Input
            autoComplete="off"
            placeholder="Airbnb, Vrbo, Owner calendar…"
            onKeyDown={onEnter}
            {...form.register('label')}
          />
        </Field>
      </div>
      <Button
        className="mt-4 w-full sm:w-auto"
        variant="outline"
        onClick={() => void submit()}
        disabled={add.isPending}
      >
        <CalendarPlus className="h-4 w-4" aria-hidden />
        {add.isPending ? 'Adding...' : 'Add feed'}
      </Button>
    </div>
  );
}

function ExportAddress({ propertyId }: { propertyId: number }) {
  const exp = useIcalExport(propertyId);
  const rotate = useRotateIcalExport(propertyId);
  const headingId = useId();
  const explainId = useId();
  const inputId = `${headingId}-url`;
  const url = exp.data ? absolute(exp.data.url) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Copied', 'The export address is on your clipboard.');
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      notify.error('Could not copy the address', 'Select it and copy it by hand.');
    }
  };
  const confirmRotate = async () => {
    try {
      await rotate.mutateAsync();
      notify.success('New address generated', 'Give it to every calendar that imported the old one.');
      return true;
    } catch (err) {
      notify.error('Error', errorMessage(err, 'A new address could not be generated'));
      return false;
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t border-line pt-8">
      <div>
        <h3 id={headingId} className="text-2xl">
          Export calendar
        </h3>
        <p id={explainId} className="mt-1 text-sm text-stone">
          Paste this address into Airbnb, Vrbo, Booking.com or Google Calendar to share this property&apos;s
          blocked nights. Imported nights are not re-exported.
        </p>
      </div>
      {exp.isPending || exp.isError ? (
        <QueryState
          query={exp}
          loadingLabel="Loading the export address"
          loadingClassName="py-4"
          what="The export address"
          errorCause={exp.error}
          errorClassName="py-4 text-center text-sm text-stone"
        />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              Export address
            </label>
            <Input
              id={inputId}
              readOnly
              value={url}
              aria-describedby={explainId}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 font-mono text-xs sm:text-sm"
            />
            <Button variant="outline" className="h-11" onClick={copy} aria-label="Copy export address">
              <Copy className="h-4 w-4" aria-hidden />
              Copy
            </Button>
          </div>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost" className="w-full sm:w-auto">
                <RefreshCw className="h-3.5 w-3.5" aria-hidden />
                Generate new address
              </Button>
            }
            title="Generate a new address?"
            description="The current address stops working at once: every calendar that imports it (Airbnb, Vrbo, Booking.com, Google Calendar) must be given the new one."
            confirmLabel="Generate new address"
            pendingLabel="Generating..."
            onConfirm={confirmRotate}
          />
        </>
      )}
    </section>
  );
}
