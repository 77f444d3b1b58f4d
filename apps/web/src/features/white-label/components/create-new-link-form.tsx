import { zodResolver } from '@hookform/resolvers/zod';
import { createWhiteLabelSchema, linkStayOf, type WhiteLabelLink } from '@villas/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-issues';
import { useCreateWhiteLabelLink } from '../api/create-link';
import { useAgentUser } from '../api/get-agent-user';
import { useUpdateWhiteLabelLink } from '../api/update-link';
import {
  DEFAULT_PRICING,
  LinkPricingFields,
  pricingErrors,
  pricingFromLink,
  pricingInput,
  type PricingErrors,
} from './link-pricing-fields';
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
const LINK_FIELDS = ['title', 'description', 'agentName', 'agentEmail', 'propertyIds', 'isActive'] as const;
const PRICING_FIELDS = ['currency', 'markupType', 'markupValue'] as const;

/**
 * 'Create New Link': title, description, agent name and e-mail prefilled from the
 * account, the villas, whether the link is active, and the client's price (currency and markup,
 * checked by the shared schema, with what the client will see). Posts the agent-dialog shape. With
 * `link` it edits that link instead (PATCH), starting from its values.
 */
export function CreateNewLinkForm({
  agentId,
  link,
  onDone,
  onCancel,
}: ({ agentId: number; link?: undefined } | { agentId?: undefined; link: WhiteLabelLink }) & {
  onDone: () => void;
  onCancel: () => void;
}) {
  const { data: user } = useAgentUser();
  const create = useCreateWhiteLabelLink();
  const update = useUpdateWhiteLabelLink();
  const saving = create.isPending || update.isPending;
  const [pricing, setPricing] = useState(() => (link ? pricingFromLink(link) : DEFAULT_PRICING));
  const [pricingErr, setPricingErr] = useState<PricingErrors>({});
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: {
      title: link?.title ?? '',
      description: link?.description ?? '',
      agentName: link?.agentName ?? '',
      agentEmail: link?.agentEmail ?? '',
      propertyIds: link?.propertyIds ?? [],
      isActive: link?.isActive ?? true,
    },
  });
  const { errors } = form.formState;
  const propertyIds = useWatch({ control: form.control, name: 'propertyIds' }) ?? [];

  useEffect(() => {
    if (!user || link) return;
    if (!form.getValues('agentName')) form.setValue('agentName', user.name);
    if (!form.getValues('agentEmail')) form.setValue('agentEmail', user.email);
  }, [user, form, link]);

  // The price is checked with the rest: its problems show under its fields.
  const checkPricing = () => {
    const problems = pricingErrors(pricing);
    setPricingErr(problems);
    return Object.keys(problems).length === 0;
  };

  // The server's refusal goes under the fields it names (the price's too), beside the toast.
  const failed = (title: string) => (err: unknown) => {
    applyServerIssues(err, form.setError, LINK_FIELDS);
    const priced: PricingErrors = {};
    for (const issue of err instanceof ApiError ? (err.issues ?? []) : []) {
      const key = PRICING_FIELDS.find((f) => f === issue.path[0]);
      if (key) priced[key] ??= issue.message;
    }
    if (Object.keys(priced).length) setPricingErr(priced);
    notify.error(title);
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (!checkPricing()) return;
      const fields = {
        title: values.title,
        description: values.description,
        agentName: values.agentName,
        agentEmail: values.agentEmail ?? null,
        propertyIds: values.propertyIds,
        isActive: values.isActive,
        ...pricingInput(pricing),
      };
      if (link) {
        update.mutate(
          { id: link.id, ...fields },
          {
            onSuccess: () => {
              notify.success('White-label link updated successfully');
              onDone();
            },
            onError: failed('Failed to update white-label link'),
          },
        );
        return;
      }
      create.mutate(
        { agentId: agentId!, ...fields },
        {
          onSuccess: () => {
            notify.success('White-label link created successfully');
            form.reset();
            setPricing(DEFAULT_PRICING);
            onDone();
          },
          onError: failed('Failed to create white-label link'),
        },
      );
    },
    () => checkPricing(),
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
      <LinkPricingFields
        value={pricing}
        onChange={(next) => {
          setPricing(next);
          setPricingErr({});
        }}
        errors={pricingErr}
        propertyIds={propertyIds}
        searchFilters={link?.searchFilters}
        dated={linkStayOf(link?.searchFilters) != null}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {link ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Creating...' : 'Create Link'}
        </Button>
      </div>
    </form>
  );
}
