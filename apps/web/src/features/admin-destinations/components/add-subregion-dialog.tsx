import { zodResolver } from '@hookform/resolvers/zod';
import { subregionInputSchema } from '@villas/shared';
import { useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSubregion } from '../api/create-subregion';

type Values = z.input<typeof subregionInputSchema>;

/**
 * 'Add Subregion': choose the region, enter the name; both are needed ('Please select a
 * region and enter a subregion name'). Opened from a region's card, that region is already chosen.
 */
export function AddSubregionDialog({
  trigger,
  regions,
  defaultRegion = '',
}: {
  trigger: ReactElement;
  regions: string[];
  defaultRegion?: string;
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateSubregion();
  const defaults = { regionName: defaultRegion, subregionName: '' };
  const form = useForm<Values, unknown, z.output<typeof subregionInputSchema>>({
    resolver: zodResolver(subregionInputSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const regionName = useWatch({ control: form.control, name: 'regionName' });
  // Both fields carry the same message: show it once, under the first one that is missing.
  const regionError = errors.regionName?.message;
  const nameError = regionError ? undefined : errors.subregionName?.message;

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    form.reset(defaults);
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (location) => {
        notify.success('Subregion Created', `${input.subregionName} has been added to ${location.region}.`);
        form.reset(defaults);
        setOpen(false);
      },
      onError: (err) => notify.error('Error', errorMessage(err, 'Failed to create subregion')),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Add Subregion"
        description="A destination within a region, such as Mykonos in Greece."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <Field label="Region" error={regionError}>
            <Select
              value={regionName || undefined}
              onValueChange={(v) =>
                form.setValue('regionName', v, { shouldValidate: form.formState.isSubmitted })
              }
              options={regions.map((r) => ({ value: r, label: r }))}
              placeholder="Choose a region"
            />
          </Field>
          <Field label="Subregion name" error={nameError}>
            <Input autoComplete="off" placeholder="e.g. Mykonos" {...form.register('subregionName')} />
          </Field>
          <DialogActions
            submitLabel="Create Subregion"
            pendingLabel="Creating..."
            pending={create.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
