import { plural, pluralWord } from '@villas/shared';
import type { AdminLocation } from '@villas/shared';
import { Globe2, MapPin, Plus, Trash2, X } from 'lucide-react';
import { useId, useRef, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { ListCard } from '../../../components/ui/list-card';
import { EmptyPanel } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { useDeleteRegion } from '../api/delete-region';
import { useDeleteSubregion } from '../api/delete-subregion';
import { useAdminDestinations } from '../api/get-destinations';
import { AddRegionDialog } from './add-region-dialog';
import { AddSubregionDialog } from './add-subregion-dialog';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Count } from '../../../components/ui/count';

/** Said before the server refuses: a destination with properties cannot go until they have moved. */
function StillListed({ count }: { count: number }) {
  return (
    <span className="mt-3 block border-l-2 border-gold/60 pl-3 text-ink">
      {plural(count, 'property is', 'properties are')} still listed here: they must be moved or deleted first.
    </span>
  );
}

function Subregion({
  region,
  name,
  propertyCount,
  headingRef,
}: {
  region: string;
  name: string;
  propertyCount: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const remove = useDeleteSubregion();
  return (
    <li className="inline-flex items-center gap-1 rounded-full border border-line bg-ivory py-0.5 pl-3 pr-0.5 text-sm text-ink">
      <span>{name}</span>
      <span
        className="text-xs tabular-nums text-stone"
        title={plural(propertyCount, 'property', 'properties')}
      >
        · {propertyCount}{' '}
        <span className="sr-only">{pluralWord(propertyCount, 'property', 'properties')}</span>
      </span>
      <ConfirmDelete
        trigger={
          <button
            type="button"
            aria-label={`Delete subregion ${name} from ${region}`}
            className="ml-0.5 inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-full text-stone transition-colors hover:bg-[#f6e1e1] hover:text-danger"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        }
        title={`Delete ${name}?`}
        description={
          <>
            The subregion {name} will be removed from {region}. This cannot be undone.
            {propertyCount > 0 && <StillListed count={propertyCount} />}
          </>
        }
        confirmLabel="Delete subregion"
        remove={() => remove.mutateAsync({ regionName: region, subregionName: name })}
        done={['Subregion Deleted', `${name} has been removed from ${region}.`]}
        failed="Failed to delete subregion"
        focusAfter={() => headingRef.current}
      />
    </li>
  );
}

function RegionCard({
  location,
  regions,
  listHeadingRef,
}: {
  location: AdminLocation;
  regions: string[];
  listHeadingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteRegion();
  const { region, subregions, subregionCounts, propertyCount } = location;
  const countOf = (name: string) => subregionCounts.find((s) => s.name === name)?.propertyCount ?? 0;

  return (
    <ListCard labelledBy={headingId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">Region</p>
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 break-words text-[28px] leading-tight focus:outline-none"
          >
            {region}
          </h3>
          <p className="mt-1 text-sm text-stone">
            {plural(subregions.length, 'subregion')} · {plural(propertyCount, 'property', 'properties')}
          </p>
        </div>
        <ConfirmDelete
          label=""
          icon={<Trash2 className="h-4 w-4" aria-hidden />}
          size="icon"
          className="-mr-2 -mt-1 text-stone hover:bg-[#f6e1e1] hover:text-danger"
          ariaLabel={`Delete region ${region}`}
          title={`Delete ${region}?`}
          description={
            <>
              {subregions.length
                ? `Its subregions are deleted too: ${subregions.join(', ')}.`
                : 'Its subregions are deleted too (it has none yet).'}{' '}
              This cannot be undone.
              {propertyCount > 0 && <StillListed count={propertyCount} />}
            </>
          }
          confirmLabel="Delete region"
          remove={() => remove.mutateAsync(region)}
          done={['Region Deleted', `${region} and its subregions have been removed.`]}
          failed="Failed to delete region"
          focusAfter={() => listHeadingRef.current}
        />
      </div>

      <div className="mt-5 flex-1 border-t border-line pt-4">
        {subregions.length ? (
          <ul aria-label={`Subregions of ${region}`} className="flex flex-wrap gap-2">
            {subregions.map((s) => (
              <Subregion
                key={s}
                region={region}
                name={s}
                propertyCount={countOf(s)}
                headingRef={headingRef}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm italic text-stone">No subregions yet</p>
        )}
      </div>
      <div className="mt-5">
        <AddSubregionDialog
          regions={regions}
          defaultRegion={region}
          trigger={
            <Button size="sm" variant="ghost" className="-ml-3">
              <Plus className="h-3.5 w-3.5" aria-hidden />
              Add subregion <span className="sr-only">to {region}</span>
            </Button>
          }
        />
      </div>
    </ListCard>
  );
}

/**
 * The Destinations tab: each region as a card with its subregions and how many
 * properties are listed there, counts of regions, subregions and placed properties; add a region or
 * a subregion, delete either after a confirmation. A region with properties is refused by the server
 * (409) and its message is shown.
 */
export function AdminDestinations() {
  const list = useAdminDestinations();
  const { data } = list;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const regions = data?.map((l) => l.region) ?? [];
  const subregionTotal = data?.reduce((n, l) => n + l.subregions.length, 0) ?? 0;
  const propertyTotal = data?.reduce((n, l) => n + l.propertyCount, 0) ?? 0;

  const addRegion = (
    <AddRegionDialog
      trigger={
        <Button size="sm">
          <Plus className="h-3.5 w-3.5" aria-hidden />
          Add Region
        </Button>
      }
    />
  );

  return (
    <div>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-3xl focus:outline-none sm:text-4xl">
            Destinations
          </h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Regions and the subregions within them, as agents choose them in search and as properties are
            placed.
          </p>
        </div>
        {data && data.length > 0 && (
          <div role="group" aria-label="Destination counts">
            <dl className="flex flex-wrap gap-3">
              <Count label="Regions" value={data.length} />
              <Count label="Subregions" value={subregionTotal} />
              <Count label="Properties" value={propertyTotal} />
            </dl>
          </div>
        )}
      </div>

      {data && data.length > 0 && (
        <div className="mt-8 flex flex-wrap gap-3">
          {addRegion}
          <AddSubregionDialog
            regions={regions}
            trigger={
              <Button size="sm" variant="outline">
                <MapPin className="h-3.5 w-3.5" aria-hidden />
                Add Subregion
              </Button>
            }
          />
        </div>
      )}

      <div className="mt-8">
        <QueryState
          query={list}
          loadingLabel="Loading destinations"
          what="The destinations"
          isEmpty={data?.length === 0}
          empty={
            <EmptyPanel icon={Globe2}>
              <p className="mt-5 font-display text-3xl">No Destinations</p>
              <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
                Add a first region, then its subregions, so properties can be placed and agents can search by
                destination.
              </p>
              <div className="mt-6">{addRegion}</div>
            </EmptyPanel>
          }
        >
          <ul aria-label="Regions" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {data?.map((l) => (
              <RegionCard key={l.region} location={l} regions={regions} listHeadingRef={headingRef} />
            ))}
          </ul>
        </QueryState>
      </div>
    </div>
  );
}
