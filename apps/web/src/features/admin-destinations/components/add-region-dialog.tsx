import { zodResolver } from '@hookform/resolvers/zod';
import { regionInputSchema } from '@villas/shared';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreateRegion } from '../api/create-region';

type Values = z.input<typeof regionInputSchema>;

/** 'Add Region': a name, non-empty after trimming ('Please enter a region name'). */
export function AddRegionDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const create = useCreateRegion();
  const form = useForm<Values, unknown, z.output<typeof regionInputSchema>>({
    resolver: zodResolver(regionInputSchema),
    defaultValues: { regionName: '' },
  });
  const error = form.formState.errors.regionName?.message;

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(({ regionName }) =>
    create.mutate(regionName, {
      onSuccess: (location) => {
        notify.success('Region Created', `${location.region} is ready for its subregions.`);
        form.reset();
        setOpen(false);
      },
      onError: (err) => notify.error('Error', errorMessage(err, 'Failed to create region')),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Add Region" description="A country or area, such as France or the Caribbean.">
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <Field label="Region name" error={error}>
            <Input autoComplete="off" placeholder="e.g. Greece" {...form.register('regionName')} />
          </Field>
          <DialogActions
            submitLabel="Create Region"
            pendingLabel="Creating..."
            pending={create.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
