import { zodResolver } from '@hookform/resolvers/zod';
import { createWhiteLabelSchema } from '@villas/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { useCreateWhiteLabelLink } from '../api/create-link';
import { useAgentUser } from '../api/get-agent-user';
import { PropertyPicker } from './property-picker';

/** The agent dialog's link form: the shared schema's fields the agent fills in. */
const linkFormSchema = createWhiteLabelSchema.pick({
  title: true,
  description: true,
  agentName: true,
  agentEmail: true,
  propertyIds: true,
  isActive: true,
});
type LinkFormInput = z.input<typeof linkFormSchema>;
type LinkFormOutput = z.output<typeof linkFormSchema>;

/**
 * 'Create New Link' (seed 000 §2, §7): title, description, agent name and e-mail prefilled from the
 * account, the villas, and whether the link is active. Posts the agent-dialog shape.
 */
export function CreateNewLinkForm({
  agentId,
  onDone,
  onCancel,
}: {
  agentId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { data: user } = useAgentUser();
  const create = useCreateWhiteLabelLink();
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: {
      title: '',
      description: '',
      agentName: '',
      agentEmail: '',
      propertyIds: [],
      isActive: true,
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!user) return;
    if (!form.getValues('agentName')) form.setValue('agentName', user.name);
    if (!form.getValues('agentEmail')) form.setValue('agentEmail', user.email);
  }, [user, form]);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      {
        title: values.title,
        description: values.description,
        agentId,
        agentName: values.agentName,
        agentEmail: values.agentEmail ?? null,
        propertyIds: values.propertyIds,
        isActive: values.isActive,
      },
      {
        onSuccess: () => {
          notify.success('White-label link created successfully');
          form.reset();
          onDone();
        },
        onError: () => notify.error('Failed to create white-label link'),
      },
    ),
  );

  const propertiesError = errors.propertyIds?.message ?? errors.propertyIds?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field label="Title" error={errors.title?.message}>
        <Input placeholder="Summer on the Riviera" {...form.register('title')} />
      </Field>
      <Field label="Description (optional)" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Agent name" error={errors.agentName?.message}>
          <Input autoComplete="name" {...form.register('agentName')} />
        </Field>
        <Field label="Agent email" error={errors.agentEmail?.message}>
          <Input type="email" autoComplete="email" {...form.register('agentEmail')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="propertyIds"
        render={({ field }) => (
          <div>
            <PropertyPicker
              value={field.value}
              onChange={field.onChange}
              invalid={!!propertiesError}
              errorId={propertiesError ? 'new-link-properties-error' : undefined}
            />
            {propertiesError && (
              <p id="new-link-properties-error" role="alert" className="mt-1.5 text-xs text-danger">
                {propertiesError}
              </p>
            )}
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
            <Checkbox
              checked={field.value !== false}
              onCheckedChange={field.onChange}
              aria-label="Active"
              className="mt-0.5"
            />
            <span>
              Active
              <span className="block text-xs text-stone">
                Clients can open an active link; an inactive one shows as not found.
              </span>
            </span>
          </label>
        )}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Link'}
        </Button>
      </div>
    </form>
  );
}
