import { zodResolver } from '@hookform/resolvers/zod';
import { CURRENCIES, PROPERTY_TYPE_LABELS, PROPERTY_TYPES, type PropertyType } from '@villas/shared';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type PathValue } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { QueryState } from '../../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { notify } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAdminAmenities, useAdminLocations } from '../api/get-form-options';
import { useCustomPrices, useProperty } from '../api/get-property';
import { useCreateProperty, useUpdateProperty } from '../api/save-property';
import {
  createPayload,
  FORM_TABS,
  locationOf,
  NEW_PROPERTY,
  propertyFormSchema,
  REQUIRED_MESSAGES,
  TAB_OF,
  updatePayload,
  valuesOfProperty,
  type FormTab,
  type PropertyFormOutput,
  type PropertyFormValues,
} from '../utils/property-form';
import { AmenitiesPicker } from './amenities-picker';
import { CalendarSyncSection } from './calendar-sync-section';
import { CustomPricesEditor } from './custom-prices-editor';
import { ImagesEditor } from './images-editor';

/** The form's tabs, then Calendar Sync: feeds and the export address, saved on their own (no form field). */
type DialogTab = FormTab | 'calendar';
const DIALOG_TABS: readonly DialogTab[] = [...FORM_TABS, 'calendar'];
const TAB_LABELS: Record<DialogTab, string> = {
  basic: 'Basic Info',
  location: 'Location',
  amenities: 'Amenities',
  pricing: 'Pricing & Media',
  calendar: 'Calendar Sync',
};
/** The order fields are checked in, to open the tab of the first problem and focus it. */
const FIELD_ORDER: Array<keyof PropertyFormValues> = [
  'name',
  'description',
  'bedrooms',
  'maxGuests',
  'propertyType',
  'available',
  'region',
  'subregion',
  'amenities',
  'basePricePerNight',
  'propertyCurrency',
  'siteCurrency',
  'customPrices',
  'images',
];
/** The form field a request field of the server's refusal belongs to, where the names differ. */
const FIELD_OF_REQUEST: Partial<Record<string, keyof PropertyFormValues>> = {
  amenityIds: 'amenities',
  customPricing: 'customPrices',
  removeCustomPrices: 'customPrices',
  location: 'region',
};
const TEXT_FIELDS = new Set<keyof PropertyFormValues>([
  'name',
  'description',
  'bedrooms',
  'maxGuests',
  'basePricePerNight',
]);
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));
const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

/** A label marked required: '*' on screen, '(required)' for screen readers. */
function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{' '}
      <span aria-hidden className="text-danger">
        *
      </span>
      <span className="sr-only">(required)</span>
    </>
  );
}

/**
 * Add Property / Edit Property: a tabbed form (Basic Info, Location,
 * Amenities, Pricing & Media) with Cancel and Create Property / Update Property. Editing reads the
 * property as it is now and its custom prices of the next 12 months. A fifth tab, Calendar Sync,
 * manages the property's iCal feeds and export address once it has been saved.
 */
/** A problem with a field that has no Field of its own (a list editor), as the server named it. */
function FieldProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-xs text-danger">
      {message}
    </p>
  );
}

/** Sends the form's values; `refused` shows a refusal's issues under the form's fields. */
type SubmitProperty = (v: PropertyFormOutput, refused: (err: unknown) => void) => void;

export function PropertyFormDialog({
  open,
  onOpenChange,
  propertyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new property. */
  propertyId?: number;
}) {
  const create = useCreateProperty();
  const update = useUpdateProperty();
  const pending = create.isPending || update.isPending;
  const editing = propertyId != null;

  const close = () => onOpenChange(false);
  const onCreate: SubmitProperty = (v, refused) =>
    create.mutate(createPayload(v), {
      onSuccess: (p) => {
        notify.success('Property Created', `${p.name} has been added to the collection.`);
        close();
      },
      onError: (err) => {
        refused(err);
        notify.error('Error', errorMessage(err, 'Failed to create property'));
      },
    });
  const onUpdate =
    (id: number, savedDates: string[]): SubmitProperty =>
    (v, refused) =>
      update.mutate(
        { id, input: updatePayload(v, savedDates) },
        {
          onSuccess: (p) => {
            notify.success('Property Updated', `${p.name} has been saved.`);
            close();
          },
          onError: (err) => {
            refused(err);
            notify.error('Error', errorMessage(err, 'Failed to update property'));
          },
        },
      );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        wide
        title={editing ? 'Edit Property' : 'Add Property'}
        description={
          editing
            ? 'Changes are live for agents as soon as you update.'
            : 'A new villa, chalet or private island for the collection.'
        }
      >
        {editing ? (
          <EditPropertyForm
            key={propertyId}
            id={propertyId}
            pending={update.isPending}
            onSubmit={onUpdate}
            onCancel={close}
          />
        ) : (
          <PropertyForm
            initial={NEW_PROPERTY}
            submitLabel="Create Property"
            pendingLabel="Creating..."
            pending={create.isPending}
            onSubmit={onCreate}
            onCancel={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditPropertyForm({
  id,
  pending,
  onSubmit,
  onCancel,
}: {
  id: number;
  pending: boolean;
  onSubmit: (id: number, savedDates: string[]) => SubmitProperty;
  onCancel: () => void;
}) {
  const property = useProperty(id);
  const prices = useCustomPrices(id);
  const initial = useMemo(
    () => (property.data && prices.data ? valuesOfProperty(property.data, prices.data) : null),
    [property.data, prices.data],
  );
  if (property.isError || prices.isError || !initial) {
    return (
      <QueryState
        pending={!property.isError && !prices.isError}
        error
        onRetry={() => {
          if (property.isError) property.refetch();
          if (prices.isError) prices.refetch();
        }}
        loadingLabel="Loading property"
        what="The property"
        errorCause={property.error ?? prices.error}
        errorClassName="py-12 text-center text-sm text-stone"
        errorActions={
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        }
      />
    );
  }
  return (
    <PropertyForm
      propertyId={id}
      initial={initial}
      submitLabel="Update Property"
      pendingLabel="Updating..."
      pending={pending}
      onSubmit={onSubmit(
        id,
        initial.customPrices.map((p) => p.date),
      )}
      onCancel={onCancel}
    />
  );
}

function PropertyForm({
  propertyId,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  /** Absent: a new property (Calendar Sync waits for the first save). */
  propertyId?: number;
  initial: PropertyFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: SubmitProperty;
  onCancel: () => void;
}) {
  const locations = useAdminLocations();
  const amenities = useAdminAmenities();
  const schema = useMemo(() => propertyFormSchema(locations.data ?? []), [locations.data]);
  const form = useForm<PropertyFormValues, unknown, PropertyFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    shouldFocusError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const [tab, setTab] = useState<DialogTab>('basic');
  const [uploading, setUploading] = useState(false);
  const [focusField, setFocusField] = useState<keyof PropertyFormValues | null>(null);
  const availableId = useId();
  const r = form.register;
  const [region, subregion, propertyType, available, propertyCurrency, siteCurrency, chosen, images, prices] =
    useWatch({
      control: form.control,
      name: [
        'region',
        'subregion',
        'propertyType',
        'available',
        'propertyCurrency',
        'siteCurrency',
        'amenities',
        'images',
        'customPrices',
      ],
    });
  const set = <K extends keyof PropertyFormValues>(name: K, value: PathValue<PropertyFormValues, K>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  // Once the tab with the first problem is shown, its field takes focus: the tab's content mounts
  // its fields after this render, so in the next frame.
  useEffect(() => {
    if (!focusField) return;
    const frame = requestAnimationFrame(() => {
      setFocusField(null);
      if (TEXT_FIELDS.has(focusField)) form.setFocus(focusField);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusField, form]);

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

  const tabHasError = (t: DialogTab) =>
    (Object.keys(errors) as Array<keyof PropertyFormValues>).some((k) => TAB_OF[k] === t);

  // The server's refusal: each issue under its field, the first field's tab opened and focused.
  const refused = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    const named: Array<keyof PropertyFormValues> = [];
    for (const issue of err.issues ?? []) {
      const key = String(issue.path[0] ?? '');
      const field =
        FIELD_OF_REQUEST[key] ??
        (FIELD_ORDER.includes(key as never) ? (key as keyof PropertyFormValues) : null);
      if (!field || named.includes(field)) continue;
      form.setError(field, { type: 'server', message: issue.message });
      named.push(field);
    }
    const first = FIELD_ORDER.find((k) => named.includes(k));
    if (first) {
      setTab(TAB_OF[first]);
      setFocusField(first);
    }
  };

  const onInvalid = (errs: FieldErrors<PropertyFormValues>) => {
    const first = FIELD_ORDER.find((k) => errs[k]);
    if (first) {
      setTab(TAB_OF[first]);
      setFocusField(first);
    }
    const missing = (Object.keys(REQUIRED_MESSAGES) as Array<keyof typeof REQUIRED_MESSAGES>).some(
      (k) => errs[k]?.message === REQUIRED_MESSAGES[k],
    );
    notify.error(
      'Validation Error',
      missing ? 'Please fill in all required fields' : 'Please check the highlighted fields',
    );
  };

  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v, refused), onInvalid)} noValidate>
      <Tabs value={tab} onValueChange={(v) => setTab(v as DialogTab)}>
        <TabsList>
          {DIALOG_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
              {tabHasError(t) && (
                <>
                  <span
                    className="ml-1.5 inline-block h-1.5 w-1.5 rounded-full bg-danger align-middle"
                    aria-hidden
                  />{' '}
                  <span className="sr-only">(has errors)</span>
                </>
              )}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="basic" className="space-y-5 pt-6">
          <Field label={<Required>Name</Required>} error={errors.name?.message}>
            <Input autoComplete="off" placeholder="e.g. Villa Les Roches" {...r('name')} />
          </Field>
          <Field label={<Required>Description</Required>} error={errors.description?.message}>
            <Textarea
              rows={6}
              placeholder="The setting, the house, the service: what an agent tells their client."
              {...r('description')}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label="Bedrooms" error={errors.bedrooms?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...r('bedrooms', { valueAsNumber: true })}
              />
            </Field>
            <Field label="Max guests" error={errors.maxGuests?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...r('maxGuests', { valueAsNumber: true })}
              />
            </Field>
            <Field label="Property type" error={errors.propertyType?.message}>
              <Select
                value={propertyType}
                onValueChange={(v) => set('propertyType', v as PropertyType)}
                options={TYPE_OPTIONS}
              />
            </Field>
          </div>
          <div className="flex items-center gap-3 pt-1">
            <Checkbox id={availableId} checked={available} onCheckedChange={(v) => set('available', v)} />
            <Label
              htmlFor={availableId}
              className="mb-0 cursor-pointer normal-case tracking-normal text-sm text-ink"
            >
              Available for booking
            </Label>
          </div>
        </TabsContent>

        <TabsContent value="location" className="space-y-5 pt-6">
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
        </TabsContent>

        <TabsContent value="amenities" className="pt-6">
          <AmenitiesPicker
            amenities={amenities.data}
            isPending={amenities.isPending}
            isError={amenities.isError}
            onRetry={() => amenities.refetch()}
            value={chosen}
            onChange={(next) => set('amenities', next)}
          />
          <FieldProblem message={errors.amenities?.message} />
        </TabsContent>

        <TabsContent value="pricing" className="space-y-8 pt-6">
          <section aria-labelledby="pricing-heading" className="space-y-5">
            <h3 id="pricing-heading" className="text-2xl">
              Pricing
            </h3>
            <div className="grid gap-5 sm:grid-cols-3">
              <Field
                label={`Base price per night (${propertyCurrency})`}
                error={errors.basePricePerNight?.message}
                hint="0 shows 'Price on Request'."
              >
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  {...r('basePricePerNight', { valueAsNumber: true })}
                />
              </Field>
              <Field label="Property currency" error={errors.propertyCurrency?.message}>
                <Select
                  value={propertyCurrency}
                  onValueChange={(v) => set('propertyCurrency', v as PropertyFormValues['propertyCurrency'])}
                  options={CURRENCY_OPTIONS}
                />
              </Field>
              <Field label="Site currency" error={errors.siteCurrency?.message}>
                <Select
                  value={siteCurrency}
                  onValueChange={(v) => set('siteCurrency', v as PropertyFormValues['siteCurrency'])}
                  options={CURRENCY_OPTIONS}
                />
              </Field>
            </div>
            <div>
              <h4 className="text-xs font-medium uppercase tracking-[0.12em] text-stone">Custom prices</h4>
              <p className="mt-1 mb-3 text-sm text-stone">A different nightly price on particular dates.</p>
              <CustomPricesEditor
                value={prices}
                onChange={(next) => set('customPrices', next)}
                currency={propertyCurrency}
              />
              <FieldProblem message={errors.customPrices?.message} />
            </div>
          </section>
          <section aria-labelledby="media-heading" className="space-y-3 border-t border-line pt-8">
            <h3 id="media-heading" className="text-2xl">
              Images
            </h3>
            <ImagesEditor
              value={images}
              onChange={(next) => set('images', next)}
              onUploadingChange={setUploading}
            />
            <FieldProblem message={errors.images?.message} />
          </section>
        </TabsContent>

        <TabsContent value="calendar" className="pt-6">
          <CalendarSyncSection propertyId={propertyId} />
        </TabsContent>
      </Tabs>

      <div className="sticky -bottom-6 z-10 -mx-6 mt-8 flex flex-col-reverse gap-3 border-t border-line bg-paper px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:flex-row sm:items-center sm:justify-end sm:px-8">
        {uploading && <p className="text-xs text-stone sm:mr-auto">Waiting for the upload to finish…</p>}
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || uploading}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
