import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { QueryState } from '../../../components/ui/query-state';
import { useAdminLocations } from '../api/get-form-options';
import { locationOf } from '../utils/property-form';
import { Required, type PropertyFormApi, type SetField } from './property-form-parts';

/** Location: a region and one of its subregions from the destinations list. */
export function LocationTab({
  form,
  set,
  locations,
}: {
  form: PropertyFormApi;
  set: SetField;
  locations: ReturnType<typeof useAdminLocations>;
}) {
  const { errors } = form.formState;
  const [region, subregion] = useWatch({ control: form.control, name: ['region', 'subregion'] });
  const regions = useMemo(() => locations.data ?? [], [locations.data]);
  const regionOptions = useMemo(() => {
    const names = regions.map((l) => l.region);
    if (region && !names.includes(region)) names.push(region);
    return names.map((n) => ({ value: n, label: n }));
  }, [regions, region]);
  const subregionOptions = useMemo(() => {
    const names = [...(regions.find((l) => l.region === region)?.subregions ?? [])];
    if (subregion && !names.includes(subregion)) names.push(subregion);
    return names.map((n) => ({ value: n, label: n }));
  }, [regions, region, subregion]);

  return (
    <>
      {locations.isError ? (
        <QueryState
          pending={false}
          error
          onRetry={locations.refetch}
          what="The destinations"
          errorClassName="py-8 text-center text-sm text-stone"
        />
      ) : (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={<Required>Region</Required>}
              error={errors.region?.message}
              hint={
                !locations.isPending && regions.length === 0
                  ? 'No regions yet: add one in the Destinations tab.'
                  : undefined
              }
            >
              <Select
                value={region}
                onValueChange={(v) => {
                  if (v === region) return;
                  set('region', v);
                  // A new region starts without a subregion.
                  set('subregion', '');
                }}
                options={regionOptions}
                placeholder={locations.isPending ? 'Loading regions...' : 'Choose a region'}
                disabled={locations.isPending}
              />
            </Field>
            <Field
              label={<Required>Subregion</Required>}
              error={errors.subregion?.message}
              hint={
                !region
                  ? 'Choose a region first.'
                  : subregionOptions.length === 0
                    ? 'This region has no subregions yet.'
                    : undefined
              }
            >
              <Select
                value={subregion}
                onValueChange={(v) => set('subregion', v)}
                options={subregionOptions}
                placeholder="Choose a subregion"
                disabled={!region || subregionOptions.length === 0}
              />
            </Field>
          </div>
          {region && (
            <p className="text-sm text-stone">
              Shown to agents as <span className="text-ink">{locationOf(region, subregion)}</span>
            </p>
          )}
        </>
      )}
    </>
  );
}
