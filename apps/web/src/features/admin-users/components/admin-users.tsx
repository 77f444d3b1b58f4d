import { plural } from '@villas/shared';
import type { UserStatus } from '@villas/shared';
import { Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListSearch } from '../../../components/ui/list-search';
import { EmptyPanel } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/auth';
import { cn } from '../../../lib/utils';
import { useAdminUsers } from '../api/get-users';
import { useAdminUsersSummary } from '../api/get-users-summary';
import { UserCard } from './user-card';
import { useSettled } from '../../../lib/use-settled';
import { Count } from '../../../components/ui/count';
import { ShowMoreButton } from '../../../components/ui/show-more';

const SEARCH_DELAY_MS = 250;

const EMPTY: Record<UserStatus, { title: string; text: string }> = {
  active: {
    title: 'No active users yet',
    text: 'Approved agents and administrators appear here.',
  },
  pending: {
    title: 'No pending applications',
    text: 'New agent applications wait here for your approval.',
  },
};

function UserList({
  status,
  q,
  selfId,
  onClearSearch,
  panel,
}: {
  status: UserStatus;
  q: string;
  selfId: number | undefined;
  onClearSearch: () => void;
  panel: () => HTMLElement | null;
}) {
  const list = useAdminUsers(status, q);
  const { data, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage } = list;
  const users = data?.pages.flat() ?? [];

  return (
    <QueryState
      query={list}
      loadingLabel="Loading users"
      what="The users"
      isEmpty={users.length === 0}
      empty={
        <EmptyPanel icon={Users}>
          {q ? (
            <>
              <p className="mt-5 font-display text-3xl">No users match “{q}”</p>
              <p className="mt-3 max-w-md text-sm text-stone">
                Try a first or last name, an email address, a company or a license number.
              </p>
              <Button className="mt-6" size="sm" variant="outline" onClick={onClearSearch}>
                Clear search
              </Button>
            </>
          ) : (
            <>
              <p className="mt-5 font-display text-3xl">{EMPTY[status].title}</p>
              <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">{EMPTY[status].text}</p>
            </>
          )}
        </EmptyPanel>
      }
    >
      <div className={cn('transition-opacity', isPlaceholderData && 'opacity-60')} aria-busy={isFetching}>
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {users.map((u) => (
            <UserCard key={u.id} user={u} isSelf={u.id === selfId} focusAfter={panel} />
          ))}
        </ul>
        {hasNextPage && (
          <div className="mt-8 flex justify-center">
            <ShowMoreButton onClick={fetchNextPage} loading={isFetchingNextPage} label="Show more users" />
          </div>
        )}
      </div>
    </QueryState>
  );
}

/**
 * The Users tab: counts of all, active and pending accounts, a search (first name, last
 * name, e-mail, company or license, asked of the server once typing pauses), then Active Users and
 * Pending Approval as cards with Edit and Delete, and Approve and Reject for applications.
 */
export function AdminUsers() {
  const [text, setText] = useState('');
  const [tab, setTab] = useState<UserStatus>('active');
  const q = useSettled(text.trim(), SEARCH_DELAY_MS);
  const overall = useAdminUsersSummary();
  const matching = useAdminUsersSummary(q);
  const { data: me } = useUser();
  const searchId = useId();
  const panels = useRef<Partial<Record<UserStatus, HTMLDivElement | null>>>({});
  const tabCount = (s: UserStatus) => (matching.data ? ` (${matching.data[s]})` : '');

  return (
    <div>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">Users</h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Agent accounts and administrators: approve new applications, edit details and roles.
          </p>
        </div>
        <div role="group" aria-label="User counts">
          <dl className="flex flex-wrap gap-3">
            <Count label="Total" value={overall.data?.total} />
            <Count label="Active" value={overall.data?.active} />
            <Count label="Pending" value={overall.data?.pending} />
          </dl>
        </div>
      </div>

      <ListSearch
        id={searchId}
        label="Search users by name, email, company or license"
        placeholder="Search name, email, company or license"
        value={text}
        onChange={setText}
        className="mt-8 md:max-w-md"
        count={
          q && matching.data ? `${plural(matching.data.total, 'user matches', 'users match')} “${q}”` : ''
        }
        countClassName="sr-only"
      />

      <Tabs value={tab} onValueChange={(v) => setTab(v as UserStatus)} className="mt-8">
        <TabsList>
          <TabsTrigger value="active">Active Users{tabCount('active')}</TabsTrigger>
          <TabsTrigger value="pending">Pending Approval{tabCount('pending')}</TabsTrigger>
        </TabsList>
        {(['active', 'pending'] as const).map((s) => (
          <TabsContent
            key={s}
            value={s}
            ref={(el) => {
              panels.current[s] = el;
            }}
            className="pt-8 focus-visible:outline-offset-4"
          >
            <UserList
              status={s}
              q={q}
              selfId={me?.id}
              onClearSearch={() => setText('')}
              panel={() => panels.current[s] ?? null}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
