import { zodResolver } from '@hookform/resolvers/zod';
import {
  apiConnectionInputSchema,
  INVENIO_DEFAULT_BASE_URL,
  type ApiConnectionInput,
  type Provider,
} from '@villas/shared';
import { useId, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field, Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateApiConnection, type CreateApiConnectionInput } from '../api/create-api-connection';
import { PROVIDER_OPTIONS, secretLabel } from '../utils/providers';

/** What the inputs hold; the shared schema turns it into the body the server validates again. */
type Values = ApiConnectionInput;
const FIELDS = ['provider', 'name', 'apiKey', 'apiSecret', 'baseUrl', 'enabled'] as const;

/** Invenio is the provider the platform syncs today, so it comes chosen, with its address. */
const DEFAULTS: Values = {
  provider: 'invenio',
  name: '',
  apiKey: '',
  apiSecret: '',
  baseUrl: INVENIO_DEFAULT_BASE_URL,
  enabled: true,
};

/**
 * 'Add Connection': provider, connection name, API key, API secret (optional;
 * Invenio's is the BP UUID), base URL and Enabled. Validated with the server's own schema, so the
 * messages are its: name, key and base URL are required ('Connection name, API key and base URL are
 * required' when all three are missing).
 */
export function AddConnectionDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const create = useCreateApiConnection();
  const enabledId = useId();
  const formErrorId = useId();
  const form = useForm<Values, unknown, CreateApiConnectionInput>({
    resolver: zodResolver(apiConnectionInputSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  // An issue of the whole form (all three required fields missing) has the empty path.
  const formError = (errors as Record<string, { message?: string } | undefined>)['']?.message;
  const [provider, enabled] = useWatch({ control: form.control, name: ['provider', 'enabled'] });

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    if (next) form.reset(DEFAULTS);
    setOpen(next);
  };

  const onProvider = (next: string) => {
    const p = next as Provider;
    const url = String(form.getValues('baseUrl') ?? '').trim();
    form.setValue('provider', p, { shouldDirty: true });
    // Prefill Invenio's address, and take it away again for another provider.
    if (p === 'invenio' && !url) form.setValue('baseUrl', INVENIO_DEFAULT_BASE_URL, { shouldDirty: true });
    if (p !== 'invenio' && url === INVENIO_DEFAULT_BASE_URL)
      form.setValue('baseUrl', '', { shouldDirty: true });
  };

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (saved) => {
        notify.success('API connection created', `${saved.name} has been added.`);
        setOpen(false);
      },
      onError: (err) => {
        // Point at the fields the server refused, when it says which.
        let placed = false;
        if (err instanceof ApiError)
          for (const issue of err.issues ?? []) {
            const field = FIELDS.find((f) => f === issue.path[0]);
            if (field) {
              form.setError(field, { message: issue.message });
              placed = true;
            }
          }
        if (!placed) notify.error('Error', errorMessage(err, 'Failed to create API connection'));
      },
    }),
  );

  const r = form.register;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Add API Connection"
        description="Connect an external booking platform to import its villas, calendars and prices."
      >
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-5"
          aria-describedby={formError ? formErrorId : undefined}
        >
          <Field label="Provider" error={errors.provider?.message}>
            <Select value={provider} onValueChange={onProvider} options={PROVIDER_OPTIONS} />
          </Field>
          <Field label="Connection name" error={errors.name?.message}>
            <Input autoComplete="off" placeholder="e.g. Invenio Homes main account" {...r('name')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="API Key" error={errors.apiKey?.message}>
              <Input type="password" autoComplete="off" spellCheck={false} {...r('apiKey')} />
            </Field>
            <Field
              label={secretLabel(provider ?? 'custom')}
              error={errors.apiSecret?.message}
              hint={provider === 'invenio' ? 'Needed to sync Invenio villas.' : undefined}
            >
              <Input type="password" autoComplete="off" spellCheck={false} {...r('apiSecret')} />
            </Field>
          </div>
          <Field label="Base URL" error={errors.baseUrl?.message}>
            <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" {...r('baseUrl')} />
          </Field>
          <div className="flex items-center gap-3">
            <Checkbox
              id={enabledId}
              checked={enabled ?? true}
              onCheckedChange={(v) => form.setValue('enabled', v, { shouldDirty: true })}
            />
            <Label htmlFor={enabledId} className="mb-0 cursor-pointer text-ink">
              Enabled
            </Label>
          </div>
          {formError && (
            <p id={formErrorId} role="alert" className="text-sm text-danger">
              {formError}
            </p>
          )}
          <DialogActions
            className="pt-2"
            submitLabel="Create Connection"
            pendingLabel="Creating..."
            pending={create.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
