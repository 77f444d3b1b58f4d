import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCustomPrices, useProperty } from '../api/get-property';
import { useCreateProperty, useUpdateProperty } from '../api/save-property';
import { createPayload, NEW_PROPERTY, updatePayload, valuesOfProperty } from '../utils/property-form';

import { PropertyForm, type SubmitProperty } from './property-form';

/**
 * Add Property / Edit Property: a tabbed form (Basic Info, Location,
 * Amenities, Pricing & Media) with Cancel and Create Property / Update Property. Editing reads the
 * property as it is now and its custom prices of the next 12 months. A fifth tab, Calendar Sync,
 * manages the property's iCal feeds and export address once it has been saved.
 */
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
