import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVENIO_DEFAULT_BASE_URL,
  invenioFiltersSchema,
  invenioRequestSchema,
  type ApiConnection,
  type InvenioResult,
} from '@villas/shared';
import { FlaskConical } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useRunInvenioTest, type InvenioAction } from '../api/run-invenio-test';
import { PricingResults, resultSummary, SyncResults, VillaResults } from './invenio-results';

const MANUAL = 'manual';
const CREDENTIALS_MESSAGE = 'Please provide API Key and BP UUID';

/** The base URL checked by the request schema itself, so the message is the server's. */
const baseUrlSchema = z.string().superRefine((baseUrl, ctx) => {
  const parsed = invenioRequestSchema.safeParse({ baseUrl });
  for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
});

/**
 * The panel's form: credentials, the Availability Search tab's filters (all the Invenio test
 * filters, each optional) and the Pricing Data tab's villa and dates.
 */
const panelSchema = z.object({
  source: z.string(),
  apiKey: z.string(),
  apiSecret: z.string(),
  baseUrl: baseUrlSchema,
  search: invenioFiltersSchema.pick({
    from_date: true,
    to_date: true,
    from_price: true,
    to_price: true,
    min_bedrooms: true,
    max_bedrooms: true,
    search_term: true,
    destination_name: true,
  }),
  pricing: invenioFiltersSchema.pick({ v_uuid: true, from_date: true, to_date: true }),
});
type Output = z.output<typeof panelSchema>;
type SearchKey = keyof Output['search'];

/** Inputs hold strings; the schema reads '' as 'not given' and numbers from their text. */
type Values = z.input<typeof panelSchema>;

const DEFAULTS: Values = {
  source: MANUAL,
  apiKey: '',
  apiSecret: '',
  baseUrl: INVENIO_DEFAULT_BASE_URL,
  search: {
    from_date: '',
    to_date: '',
    from_price: '',
    to_price: '',
    min_bedrooms: '',
    max_bedrooms: '',
    search_term: '',
    destination_name: '',
  },
  pricing: { v_uuid: '', from_date: '', to_date: '' },
};

const TABS: Array<{ value: InvenioAction; label: string; run: string; pending: string; text: string }> = [
  {
    value: 'villas',
    label: 'Villa List',
    run: 'Get Villa List',
    pending: 'Loading...',
    text: 'Every villa the account exports, with its destination, bedrooms and weekly prices.',
  },
  {
    value: 'search',
    label: 'Availability Search',
    run: 'Search Availability',
    pending: 'Searching...',
    text: 'Villas free for the dates, with the price of the stay. Every filter is optional.',
  },
  {
    value: 'pricing',
    label: 'Pricing Data',
    run: 'Get Pricing Data',
    pending: 'Loading...',
    text: 'The price periods of one villa, or of every villa when the UUID is left empty.',
  },
  {
    value: 'sync',
    label: 'Sync Properties',
    run: 'Sync Properties Now',
    pending: 'Syncing...',
    text: 'Imports the villas into the catalogue: new ones are created and known ones updated (details, photos, calendar and prices). The run is recorded in Sync Monitoring.',
  },
];

function DateInput({
  control,
  name,
  label,
  error,
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error}>
          <DateField
            label={label}
            value={typeof field.value === 'string' && field.value ? field.value : null}
            onChange={(d) => field.onChange(d ?? '')}
          />
        </Field>
      )}
    />
  );
}

function Outcome({
  error,
  result,
  children,
}: {
  error: unknown;
  result: InvenioResult | undefined;
  children: (result: InvenioResult) => ReactNode;
}) {
  if (error)
    return (
      <p className="rounded-[3px] border border-danger/40 bg-[#f6e1e1] px-4 py-3 text-sm text-danger">
        {errorMessage(error, 'The Invenio request failed')}
      </p>
    );
  return result ? children(result) : null;
}

/**
 * 'Test Invenio API': typed-in credentials (API key, BP UUID, base URL) or a
 * saved Invenio connection's, then Villa List, Availability Search (every filter), Pricing Data
 * and Sync Properties. Without a key and BP UUID nothing is sent ('Please provide API Key and BP
 * UUID', the server's words too). Failures show the server's message (for any provider failure, one
 * message listing what to check: the cause is in the server's log and the sync report).
 */
export function InvenioTestPanel({ connections }: { connections: ApiConnection[] }) {
  const headingId = useId();
  const [tab, setTab] = useState<InvenioAction>('villas');
  const runs = {
    villas: useRunInvenioTest('villas'),
    search: useRunInvenioTest('search'),
    pricing: useRunInvenioTest('pricing'),
    sync: useRunInvenioTest('sync'),
  };
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(panelSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const watchedSource = useWatch({ control: form.control, name: 'source' });
  // A saved connection that has since been removed or disabled falls back to typed-in credentials.
  const connection = connections.find((c) => String(c.id) === watchedSource);
  const source = connection ? watchedSource : MANUAL;
  const current = TABS.find((t) => t.value === tab)!;
  const run = runs[tab];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (run.isPending) return;
    const v = form.getValues();
    if (!connection) {
      const missing = !v.apiKey.trim() ? 'apiKey' : !v.apiSecret.trim() ? 'apiSecret' : undefined;
      if (missing) {
        notify.error('Error', CREDENTIALS_MESSAGE);
        form.setFocus(missing);
        return;
      }
    }
    const part = tab === 'search' || tab === 'pricing' ? tab : null;
    const names = [...(connection ? [] : (['baseUrl'] as const)), ...(part ? [part] : [])];
    if (names.length && !(await form.trigger(names, { shouldFocus: true }))) return;

    const filters = part ? v[part] : {};
    const input = invenioRequestSchema.parse(
      connection
        ? { connectionId: connection.id, ...filters }
        : { apiKey: v.apiKey, apiSecret: v.apiSecret, baseUrl: v.baseUrl, ...filters },
    );
    const action = tab;
    run.mutate(input, {
      onSuccess: (result) => {
        if (action === 'sync')
          notify.success(
            'Sync Complete',
            `${result.synced ?? 0} new properties synced, ${result.updated ?? 0} updated.`,
          );
      },
      onError: (err) =>
        action === 'sync'
          ? notify.error('Sync Failed', errorMessage(err, 'Failed to sync properties'))
          : notify.error('Error', errorMessage(err, 'The Invenio request failed')),
    });
  };

  const r = form.register;
  const searchErr = errors.search;
  const pricingErr = errors.pricing;
  const searchInput = (key: SearchKey, label: string, type: 'number' | 'text') => (
    <Field label={label} error={searchErr?.[key]?.message}>
      <Input
        type={type}
        {...(type === 'number' ? { min: 0, inputMode: 'numeric' as const } : {})}
        autoComplete="off"
        {...r(`search.${key}`)}
      />
    </Field>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[3px] border border-line bg-paper p-5 shadow-soft sm:p-8"
    >
      <div className="flex items-start gap-3">
        <FlaskConical className="mt-1.5 h-5 w-5 shrink-0 text-gold-deep" aria-hidden />
        <div>
          <h3 id={headingId} className="text-3xl leading-tight">
            Test Invenio API
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-stone">
            Try Invenio's Data Export API with typed-in credentials or a saved connection. Only Sync
            Properties changes anything.
          </p>
        </div>
      </div>

      <form onSubmit={onSubmit} noValidate className="mt-6">
        <fieldset className="grid gap-5 md:grid-cols-3">
          <legend className="sr-only">Credentials</legend>
          {connections.length > 0 && (
            <Field
              label="Credentials"
              className="md:col-span-3"
              hint="Enabled Invenio connections can be tested with their stored credentials."
            >
              <Select
                value={source}
                onValueChange={(s) => form.setValue('source', s)}
                options={[
                  { value: MANUAL, label: 'Enter API Key and BP UUID' },
                  ...connections.map((c) => ({ value: String(c.id), label: `Saved: ${c.name}` })),
                ]}
              />
            </Field>
          )}
          {connection ? (
            <p className="text-sm text-stone md:col-span-3">
              The stored API key and BP UUID of {connection.name} ({connection.baseUrl}) are used.
            </p>
          ) : (
            <>
              <Field label="API Key">
                <Input type="password" autoComplete="off" spellCheck={false} {...r('apiKey')} />
              </Field>
              <Field label="API Secret (BP UUID)">
                <Input type="password" autoComplete="off" spellCheck={false} {...r('apiSecret')} />
              </Field>
              <Field label="Base URL" error={errors.baseUrl?.message}>
                <Input type="url" inputMode="url" autoComplete="off" {...r('baseUrl')} />
              </Field>
            </>
          )}
        </fieldset>

        <Tabs value={tab} onValueChange={(t) => setTab(t as InvenioAction)} className="mt-8">
          <TabsList>
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value} className="pt-6 focus-visible:outline-offset-4">
              <p className="max-w-2xl text-sm text-stone">{t.text}</p>

              {t.value === 'search' && (
                <fieldset className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
                  <legend className="sr-only">Availability filters</legend>
                  <DateInput
                    control={form.control}
                    name="search.from_date"
                    label="From date"
                    error={searchErr?.from_date?.message}
                  />
                  <DateInput
                    control={form.control}
                    name="search.to_date"
                    label="To date"
                    error={searchErr?.to_date?.message}
                  />
                  {searchInput('from_price', 'Price from', 'number')}
                  {searchInput('to_price', 'Price to', 'number')}
                  {searchInput('min_bedrooms', 'Min bedrooms', 'number')}
                  {searchInput('max_bedrooms', 'Max bedrooms', 'number')}
                  {searchInput('search_term', 'Search term', 'text')}
                  {searchInput('destination_name', 'Destination name', 'text')}
                </fieldset>
              )}

              {t.value === 'pricing' && (
                <fieldset className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  <legend className="sr-only">Pricing filters</legend>
                  <Field
                    label="Villa UUID (v_uuid)"
                    error={pricingErr?.v_uuid?.message}
                    hint="Leave empty for every villa."
                  >
                    <Input autoComplete="off" spellCheck={false} {...r('pricing.v_uuid')} />
                  </Field>
                  <DateInput
                    control={form.control}
                    name="pricing.from_date"
                    label="From date"
                    error={pricingErr?.from_date?.message}
                  />
                  <DateInput
                    control={form.control}
                    name="pricing.to_date"
                    label="To date"
                    error={pricingErr?.to_date?.message}
                  />
                </fieldset>
              )}

              <Button type="submit" className="mt-6 w-full sm:w-auto" disabled={runs[t.value].isPending}>
                {runs[t.value].isPending ? t.pending : t.run}
              </Button>

              <div className="mt-6" aria-busy={runs[t.value].isPending}>
                <Outcome error={runs[t.value].error} result={runs[t.value].data}>
                  {(result) =>
                    t.value === 'pricing' ? (
                      <PricingResults result={result} />
                    ) : t.value === 'sync' ? (
                      <SyncResults result={result} />
                    ) : (
                      <VillaResults result={result} label={`${t.label} results`} />
                    )
                  }
                </Outcome>
              </div>
            </TabsContent>
          ))}
        </Tabs>
        <p className="sr-only" aria-live="polite">
          {run.isPending
            ? `${current.label}: ${current.pending}`
            : run.data
              ? `${current.label}: ${resultSummary(tab, run.data)}`
              : ''}
        </p>
      </form>
    </section>
  );
}
