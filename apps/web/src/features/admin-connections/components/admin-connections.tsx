import { plural } from '@villas/shared';
import { Plug, Plus } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { useApiConnections } from '../api/get-api-connections';
import { AddConnectionDialog } from './add-connection-dialog';
import { ConnectionCard } from './connection-card';
import { InvenioTestPanel } from './invenio-test-panel';
import { ListEmpty } from '../../../components/ui/list-empty';

/**
 * The API Connections tab: the external booking-platform connections as cards (enable
 * switch, Sync, Delete), 'Add Connection', and the 'Test Invenio API' panel, which can also use a
 * saved, enabled Invenio connection's stored credentials.
 */
export function AdminConnections() {
  const list = useApiConnections();
  const { data } = list;
  const heading = useRef<HTMLHeadingElement>(null);
  const invenio = (data ?? []).filter((c) => c.provider === 'invenio' && c.enabled);

  return (
    <div>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-3xl outline-none sm:text-4xl">
            API Connections
          </h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            External booking platforms whose villas, calendars and prices are imported into the catalogue.
            {data && data.length > 0 && (
              <>
                {' '}
                {plural(data.length, 'connection')}, {data.filter((c) => c.enabled).length} active.
              </>
            )}
          </p>
        </div>
        <AddConnectionDialog
          trigger={
            <Button className="w-full sm:w-auto">
              <Plus className="h-4 w-4" aria-hidden />
              Add Connection
            </Button>
          }
        />
      </div>

      <div className="mt-8">
        <QueryState
          query={list}
          loadingLabel="Loading API connections"
          what="The API connections"
          isEmpty={data?.length === 0}
          empty={
            <ListEmpty icon={Plug} title="No API connections yet">
              Use Add Connection to connect a booking platform such as Invenio Homes, then sync its villas
              into the catalogue.
            </ListEmpty>
          }
        >
          <ul aria-label="API connections" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {data?.map((c) => (
              <ConnectionCard key={c.id} connection={c} focusAfter={() => heading.current} />
            ))}
          </ul>
        </QueryState>
      </div>

      <div className="mt-12">
        <InvenioTestPanel connections={invenio} />
      </div>
    </div>
  );
}
