import type { ApiConnection } from '@villas/shared';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardDetail, ListCard } from '../../../components/ui/list-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteApiConnection } from '../api/delete-api-connection';
import { useSyncApiConnection } from '../api/sync-api-connection';
import { useUpdateApiConnection } from '../api/update-api-connection';
import { PROVIDER_LABELS } from '../utils/providers';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Switch } from '../../../components/ui/switch';
import { fullDateTime, sinceText } from '../../../lib/since';

/**
 * How the last run ended: 'Last sync failed · 2 h ago' with what to check, 'Last sync succeeded ·
 * 5 min ago', or the time alone for a run whose outcome is not known; 'Never' before the first.
 */
function LastSync({ connection: c }: { connection: ApiConnection }) {
  if (!c.lastSync) return <>Never</>;
  const when = (
    <time dateTime={c.lastSync} title={fullDateTime(c.lastSync)}>
      {sinceText(c.lastSync)}
    </time>
  );
  if (c.lastSyncStatus === 'failed') {
    return (
      <>
        <span className="font-medium text-danger">Last sync failed</span> · {when}
        {c.lastSyncMessage && <span className="mt-1 block text-stone">{c.lastSyncMessage}</span>}
      </>
    );
  }
  if (c.lastSyncStatus === 'completed') {
    return (
      <>
        <span className="font-medium text-success">Last sync succeeded</span> · {when}
      </>
    );
  }
  return when;
}

/**
 * One connection: name, provider, base URL, the key and secret as the masked
 * tails the API answers (shown as they come, never anything else), property count, how and when its
 * last sync ended (a failure with what to check, and a 'Sync failed' badge) and an Active/Disabled
 * badge. The switch enables or disables it; Sync is allowed only when enabled.
 */
export function ConnectionCard({
  connection: c,
  focusAfter,
}: {
  connection: ApiConnection;
  /** Where focus goes once this card leaves the list. */
  focusAfter: () => HTMLElement | null | undefined;
}) {
  const headingId = useId();
  const switchId = useId();
  const syncHintId = useId();
  const update = useUpdateApiConnection();
  const sync = useSyncApiConnection();
  const remove = useDeleteApiConnection();
  // While the change is on its way the switch shows where it is going.
  const enabled = update.isPending && update.variables ? update.variables.input.enabled : c.enabled;

  const toggle = (next: boolean) =>
    update.mutate(
      { id: c.id, input: { enabled: next } },
      {
        onSuccess: (saved) =>
          notify.success(
            'Connection status updated',
            `${saved.name} is now ${saved.enabled ? 'active' : 'disabled'}.`,
          ),
        onError: (err) => notify.error('Error', errorMessage(err, 'Failed to update connection')),
      },
    );

  const startSync = () =>
    sync.mutate(c.id, {
      onSuccess: (started) =>
        notify.success(
          'Sync Triggered',
          `${c.name} is syncing (report #${started.reportId}). Follow its progress in Sync Monitoring.`,
        ),
      onError: (err) => notify.error('Error', errorMessage(err, 'Failed to sync properties')),
    });

  return (
    <ListCard labelledBy={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={c.enabled ? 'success' : 'gray'}>{c.enabled ? 'Active' : 'Disabled'}</Badge>
        {c.lastSyncStatus === 'failed' && <Badge tone="danger">Sync failed</Badge>}
      </div>
      <h3 id={headingId} className="mt-3 break-words text-[28px] leading-tight">
        {c.name}
      </h3>

      <dl className="mt-5 grid flex-1 grid-cols-1 content-start gap-x-6 gap-y-3 border-t border-line pt-4 sm:grid-cols-2">
        <CardDetail label="Provider">{PROVIDER_LABELS[c.provider]}</CardDetail>
        <CardDetail label="Properties">{c.propertyCount.toLocaleString('en-US')}</CardDetail>
        <CardDetail label="Base URL" wide>
          <span className="break-all">{c.baseUrl}</span>
        </CardDetail>
        <CardDetail label="API Key">
          <span className="font-mono tracking-wider">{c.apiKey}</span>
        </CardDetail>
        <CardDetail label={c.provider === 'invenio' ? 'API Secret (BP UUID)' : 'API Secret'}>
          {c.apiSecret ? (
            <span className="font-mono tracking-wider">{c.apiSecret}</span>
          ) : (
            <span className="text-stone">Not set</span>
          )}
        </CardDetail>
        <CardDetail label="Last sync" wide>
          <LastSync connection={c} />
        </CardDetail>
      </dl>

      <div className="mt-5 flex items-center gap-3 border-t border-line pt-4">
        <Switch id={switchId} checked={enabled} onCheckedChange={toggle} disabled={update.isPending} />
        <label htmlFor={switchId} className="cursor-pointer text-sm text-ink">
          Enabled <span className="sr-only">{c.name}</span>
        </label>
      </div>

      {!c.enabled && (
        <p id={syncHintId} className="mt-3 text-xs text-stone">
          Enable this connection to sync its properties.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={startSync}
          disabled={!c.enabled || sync.isPending}
          aria-describedby={c.enabled ? undefined : syncHintId}
        >
          <RefreshCw className={sync.isPending ? 'h-3.5 w-3.5 animate-spin' : 'h-3.5 w-3.5'} aria-hidden />
          {sync.isPending ? 'Syncing...' : 'Sync'} <span className="sr-only">{c.name}</span>
        </Button>
        <ConfirmDelete
          subject={c.name}
          title={`Delete ${c.name}?`}
          description={
            <>
              The connection and its stored credentials are removed. The properties it imported stay in the
              catalogue; the calendar feeds it created are removed and the nights they blocked are released.
              This cannot be undone.
            </>
          }
          confirmLabel="Delete connection"
          remove={() => remove.mutateAsync(c.id)}
          done={['API connection deleted', `${c.name} has been removed.`]}
          failed="Failed to delete connection"
          focusAfter={focusAfter}
        />
      </div>
    </ListCard>
  );
}
