import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useAdminAmenities, useAdminLocations } from '../api/get-form-options';
import {
  FORM_TABS,
  propertyFormSchema,
  REQUIRED_MESSAGES,
  TAB_OF,
  type FormTab,
  type PropertyFormOutput,
  type PropertyFormValues,
} from '../utils/property-form';
import { AmenitiesPicker } from './amenities-picker';
import { CalendarSyncSection } from './calendar-sync-section';

import { BasicTab } from './property-form-basic-tab';
import { LocationTab } from './property-form-location-tab';
import { FieldProblem, type SetField } from './property-form-parts';
import { PricingTab } from './property-form-pricing-tab';

/** The form's tabs, then Calendar Sync: feeds and the export address, saved on their own (no form field). */
export type DialogTab = FormTab | 'calendar';
export const DIALOG_TABS: readonly DialogTab[] = [...FORM_TABS, 'calendar'];
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

/** Sends the form's values; `refused` shows a refusal's issues under the form's fields. */
export type SubmitProperty = (v: PropertyFormOutput, refused: (err: unknown) => void) => void;

export function PropertyForm({
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
  const chosen = useWatch({ control: form.control, name: 'amenities' });
  const set: SetField = (name, value) =>
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
          <BasicTab form={form} set={set} />
        </TabsContent>

        <TabsContent value="location" className="space-y-5 pt-6">
          <LocationTab form={form} set={set} locations={locations} />
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
          <PricingTab
            form={form}
            set={set}
            onUploadingChange={setUploading}
            newProperty={propertyId == null}
          />
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
