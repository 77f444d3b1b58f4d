import type { AuditEntry } from '@villas/shared';
import { ScrollText } from 'lucide-react';
import { useId } from 'react';
import { QueryState, StaleNotice } from '../../../components/ui/query-state';
import { useAuditLog } from '../api/get-audit-log';
import { actionLabel, formatValue, formatWhen, targetLabel } from '../utils/audit-format';
import { ShowMoreButton } from '../../../components/ui/show-more';
import { ListEmpty } from '../../../components/ui/list-empty';

function EntryRow({ entry: e }: { entry: AuditEntry }) {
  const headingId = useId();
  const target = targetLabel(e);
  const fields = Object.entries(e.summary);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-[3px] border border-line bg-paper p-4 shadow-soft sm:p-5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="break-words text-xl leading-tight">
            {actionLabel(e.action)}
          </h3>
          <time dateTime={e.at} className="text-sm tabular-nums text-stone">
            {formatWhen(e.at)}
          </time>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-[11px] uppercase tracking-[0.12em] text-stone">By</dt>
            <dd className="break-words text-ink">{e.actorEmail}</dd>
          </div>
          {target && (
            <div className="min-w-0">
              <dt className="text-[11px] uppercase tracking-[0.12em] text-stone">Target</dt>
              <dd className="break-words text-ink">{target}</dd>
            </div>
          )}
        </dl>
        {fields.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-stone underline-offset-4 hover:text-ink hover:underline">
              Details
            </summary>
            <dl className="mt-2 space-y-1 rounded-[2px] bg-sand/40 p-3">
              {fields.map(([key, value]) => (
                <div key={key} className="flex min-w-0 flex-wrap gap-x-2">
                  <dt className="font-medium text-ink">{key}</dt>
                  <dd className="min-w-0 break-all font-mono text-xs leading-5 text-stone">
                    {formatValue(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </article>
    </li>
  );
}

/**
 * The audit log (docs/decisions/007): administrators' changes, newest first, with who, what, when
 * and the request's fields (secrets already removed by the server); loading, error, empty, Show more.
 */
export function AuditLog() {
  const headingId = useId();
  const query = useAuditLog();
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  const retry = () => void query.refetch();

  const body = (
    <QueryState
      pending={query.isPending}
      error={query.isError && entries.length === 0}
      onRetry={retry}
      retrying={query.isFetching}
      loadingLabel="Loading the audit log"
      errorText="Failed to load the audit log."
      errorRole="alert"
      isEmpty={entries.length === 0}
      empty={
        <ListEmpty icon={ScrollText} title="No changes recorded yet">
          Approvals, role changes, deletions, price and availability changes and connection changes by
          administrators appear here.
        </ListEmpty>
      }
    >
      {query.isError && (
        <StaleNotice onRetry={retry} retrying={query.isFetching}>
          Failed to load more of the audit log.
        </StaleNotice>
      )}
      <ul className="space-y-3" aria-labelledby={headingId}>
        {entries.map((e) => (
          <EntryRow key={e.id} entry={e} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <ShowMoreButton onClick={query.fetchNextPage} loading={query.isFetchingNextPage} />
        </div>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-3xl sm:text-4xl">
        Audit log
      </h2>
      <p className="mt-2 mb-8 max-w-xl text-sm text-stone">
        Who changed what, and when: every administrator’s change, newest first. Passwords, API keys and
        secrets are never recorded.
      </p>
      {body}
    </section>
  );
}
