import type { WhiteLabelLink } from '@villas/shared';
import { useMemo, useRef, useState } from 'react';
import { couldNotLoad, RetryButton } from '../../components/ui/query-state';
import { OffMarketCard } from '../../features/off-market/components/off-market-card';
import type { OffMarketCriteria } from '../../features/off-market/utils/compose-message';
import { PlaceHoldDialog } from '../../features/holds/components/place-hold-dialog';
import {
  BookingSentContext,
  detailsButtonId,
  type SentBookingInquiry,
} from '../../features/properties/components/booking-sent';
import { CurrencySelect } from '../../features/properties/components/currency-select';
import type { CardProperty } from '../../features/properties/components/property-card';
import { EmptyState, type MorePages } from '../../features/properties/components/property-grid';
import { filterAmenities, useAmenities } from '../../features/search/api/get-amenities';
import { useLocations } from '../../features/search/api/get-locations';
import { SearchPanel } from '../../features/search/components/search-panel';
import { usePropertySearch } from '../../features/search/hooks/use-property-search';
import { CreateLinkDialog } from '../../features/white-label/components/create-link-dialog';
import { SelectionBar } from '../../features/white-label/components/selection-bar';
import {
  DisplayMoneyContext,
  useDisplayCurrencyChoice,
  useExchangeRates,
  type DisplayMoney,
} from '../../lib/display-currency';
import { RequireUser } from '../layout/require-user';
import { LinkCreated } from './dashboard/link-created';
import { LoadingGrid, Results } from './dashboard/search-results';

export function Component() {
  return <RequireUser>{(user) => <Dashboard agentId={user.id} />}</RequireUser>;
}

/**
 * The agent's dashboard: the catalogue, the advanced search, selection of villas
 * for a white-label link (a sticky bar once any is selected), and the VIP off-market card after a
 * search. Every price on it, in its dialogs and in the link dialog is in the agent's display currency.
 */
function Dashboard({ agentId }: { agentId: number }) {
  const locations = useLocations();
  const amenities = useAmenities();
  const rates = useExchangeRates();
  const [currency, setCurrency] = useDisplayCurrencyChoice();
  const search = usePropertySearch();
  const { state, filters, results } = search;
  // The selected villas by id, each with its card as it was listed (a selection spans pages and searches).
  const [selection, setSelection] = useState<ReadonlyMap<number, CardProperty>>(() => new Map());
  const resultsRef = useRef<HTMLElement>(null);
  // The link just created: its confirmation takes focus, since the button that opened the dialog
  // goes away with the selection.
  const [created, setCreated] = useState<WhiteLabelLink | null>(null);
  const createdRef = useRef<HTMLElement>(null);
  const onCreated = (link: WhiteLabelLink) => {
    setCreated(link);
    setSelection(new Map());
  };
  const focusAfterCreate = () => createdRef.current;
  // The booking inquiry just sent from a villa's dialog, while the hold offer is open.
  const [sentInquiry, setSentInquiry] = useState<SentBookingInquiry | null>(null);

  const display = useMemo<DisplayMoney>(
    () => ({ currency, rates: rates.data ?? [] }),
    [currency, rates.data],
  );

  const offered = useMemo(() => filterAmenities(amenities.data), [amenities.data]);
  const criteria = useMemo<OffMarketCriteria>(() => {
    const names = new Map((amenities.data ?? []).map((a) => [a.id, a.name]));
    return {
      ...state.form,
      amenities: state.form.amenityIds.map((id) => names.get(id) ?? `#${id}`),
    };
  }, [state.form, amenities.data]);

  const failed = results.isError && !results.isFetchNextPageError;
  const cards = useMemo(
    () => (failed ? [] : (results.data?.pages.flatMap((page) => page.items) ?? [])),
    [failed, results.data],
  );
  const total = failed ? 0 : (results.data?.pages[0]?.total ?? 0);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const more = useMemo<MorePages>(
    () => ({
      total,
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      onLoadMore: () => {
        if (!isFetchingNextPage) void fetchNextPage();
      },
    }),
    [total, hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const toggle = (id: number, on: boolean) =>
    setSelection((prev) => {
      const next = new Map(prev);
      const card = cards.find((p) => p.id === id);
      if (on && card) next.set(id, card);
      else next.delete(id);
      return next;
    });
  const selected = useMemo(() => new Set(selection.keys()), [selection]);
  const count = selection.size;
  const clearSelection = () => {
    setSelection(new Map());
    // The bar and its buttons go away: keep the keyboard where the villas are.
    resultsRef.current?.focus({ preventScroll: true });
  };
  const selectedIds = [...selection.keys()];
  const selectedProperties = [...selection.values()];

  const searched = state.searched;
  const stay =
    searched?.checkIn && searched.checkOut
      ? { checkIn: String(searched.checkIn), checkOut: String(searched.checkOut) }
      : null;

  return (
    <DisplayMoneyContext value={display}>
      <BookingSentContext value={setSentInquiry}>
        <div className="pb-24">
          <header className="border-b border-line bg-paper">
            <div className="mx-auto flex max-w-7xl flex-col gap-6 px-5 py-10 sm:px-8 sm:py-12 lg:flex-row lg:items-end lg:justify-between">
              <div>
                <p className="eyebrow">Agent portfolio</p>
                <h1 className="mt-2 text-4xl sm:text-5xl">Search Properties</h1>
                <p className="mt-3 max-w-xl text-[15px] text-stone">
                  Search the collection, select the villas that suit your client and share them in a branded
                  link.
                </p>
              </div>
              {count === 0 && (
                <CreateLinkDialog
                  agentId={agentId}
                  selectedIds={selectedIds}
                  searchFilters={filters}
                  onCreated={onCreated}
                  focusAfterCreate={focusAfterCreate}
                  className="sm:items-end"
                />
              )}
            </div>
          </header>

          <div className="mx-auto max-w-7xl px-5 pt-8 sm:px-8 sm:pt-10">
            {created && (
              <LinkCreated
                ref={createdRef}
                link={created}
                onDismiss={() => {
                  setCreated(null);
                  resultsRef.current?.focus({ preventScroll: true });
                }}
              />
            )}
            <SearchPanel
              search={search}
              locations={locations.data ?? []}
              amenities={offered}
              headerAside={<CurrencySelect value={currency} onChange={setCurrency} />}
            />

            <section ref={resultsRef} tabIndex={-1} aria-label="Results" className="mt-10 outline-none">
              {rates.isError && (
                <p className="mb-5 border-l-2 border-gold pl-3 text-sm text-stone">
                  {couldNotLoad(
                    'The exchange rates',
                    ", so each price is shown in its villa's own currency.",
                  )}
                </p>
              )}
              {(results.isPending && state.status === 'none') || rates.isPending ? (
                <LoadingGrid />
              ) : failed && state.status === 'none' ? (
                <EmptyState title="We could not load the properties">
                  <p>Please check your connection and try again.</p>
                  <RetryButton size="md" onRetry={results.refetch} />
                </EmptyState>
              ) : (
                <Results
                  status={state.status}
                  list={cards}
                  total={total}
                  more={more}
                  refreshing={results.isPlaceholderData}
                  sort={search.sort}
                  onSortChange={search.actions.setSort}
                  error={state.error}
                  selected={selected}
                  onSelectedChange={toggle}
                  stay={stay}
                  onClear={search.actions.clear}
                  offMarket={<OffMarketCard criteria={criteria} />}
                  offMarketBanner={<OffMarketCard criteria={criteria} layout="banner" />}
                />
              )}
            </section>

            <SelectionBar
              agentId={agentId}
              selectedIds={selectedIds}
              selectedProperties={selectedProperties}
              searchFilters={filters}
              onCreated={onCreated}
              focusAfterCreate={focusAfterCreate}
              onClear={clearSelection}
            />
          </div>
        </div>
      </BookingSentContext>
      {sentInquiry && (
        // After a booking inquiry: offer to hold its nights while the client decides.
        <PlaceHoldDialog
          key={sentInquiry.inquiryId}
          open
          onOpenChange={(open) => !open && setSentInquiry(null)}
          source={{ ...sentInquiry, inquiryKind: 'booking' }}
          // The villa dialog that sent the inquiry has closed: back to its card's button, else to the
          // results (never the top of the page).
          returnFocus={() =>
            document.getElementById(detailsButtonId(sentInquiry.propertyId)) ?? resultsRef.current
          }
        />
      )}
    </DisplayMoneyContext>
  );
}
