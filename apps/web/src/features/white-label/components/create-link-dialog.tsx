import {
  linkStayOf,
  viewWeeklyPrice,
  whiteLabelTitle,
  type Property,
  type SearchFilters,
  type WhiteLabelLink,
  plural,
  pluralWord,
} from '@villas/shared';
import { Link2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useDisplayMoney } from '../../../lib/display-currency';
import { cn } from '../../../lib/utils';
import { useCreateWhiteLabelLink } from '../api/create-link';
import { cleanSearchFilters, searchSummary } from '../utils/search-summary';
import {
  DEFAULT_PRICING,
  LinkPricingFields,
  pricingErrors,
  pricingInput,
  type PricingErrors,
} from './link-pricing-fields';

export interface CreateLinkDialogProps {
  /** The signed-in agent. */
  agentId: number;
  /** Ids of the properties selected on the dashboard. */
  selectedIds: number[];
  /** The current search filters, stored with the link. */
  searchFilters: SearchFilters;
  /** Called with the new link once created (the dashboard clears its selection and says so). */
  onCreated: (link: WhiteLabelLink) => void;
  /**
   * Where focus goes once the link is created: the button that opened the dialog goes away with the
   * selection, so the dashboard names its confirmation instead.
   */
  focusAfterCreate?: () => HTMLElement | null | undefined;
  /** The selected villas, listed in the dialog with their weekly price in the display currency. */
  selectedProperties?: ReadonlyArray<
    Pick<Property, 'id' | 'name' | 'basePricePerNight' | 'propertyCurrency'>
  >;
  className?: string;
}

/** Why the button is disabled, shown under it and linked with aria-describedby. */
export const NO_SELECTION_REASON = 'Select at least one villa to create a link.';

const emptyForm = { agentName: '', companyName: '', description: '' };

/**
 * The dashboard's 'Create White-label Link' dialog: opens with at least one
 * villa selected (disabled before, saying why), names the link 'Company - Agent', lists the villas and
 * the search it keeps with prices in the agent's display currency, and on success clears selection,
 * form and dialog and opens the new collection page in a new tab.
 */
export function CreateLinkDialog({
  agentId,
  selectedIds,
  searchFilters,
  onCreated,
  selectedProperties,
  className,
  focusAfterCreate,
}: CreateLinkDialogProps) {
  const { data: user } = useUser();
  const display = useDisplayMoney();
  const reasonId = useId();
  const create = useCreateWhiteLabelLink();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptyForm);
  const [pricing, setPricing] = useState(DEFAULT_PRICING);
  const [pricingErr, setPricingErr] = useState<PricingErrors>({});
  const created = useRef(false);
  const count = selectedIds.length;

  // Prefill from the agent's account when the dialog opens, keeping anything already typed.
  useEffect(() => {
    if (!open || !user) return;
    setForm((f) => ({
      ...f,
      agentName: f.agentName || user.name,
      companyName: f.companyName || user.company,
    }));
  }, [open, user]);

  const onOpenChange = (next: boolean) => {
    if (next) created.current = false;
    setOpen(next && count > 0);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (selectedIds.length === 0) {
      notify.error(
        'No Properties Selected',
        'Please select at least one property to create a white-label link',
      );
      return;
    }
    const agentName = form.agentName.trim();
    const companyName = form.companyName.trim();
    if (!agentName || !companyName) {
      notify.error('Missing Information', 'Please provide both agent name and company name');
      return;
    }
    if (!agentId) {
      notify.error('Authentication Error', 'Please log in to create white-label links');
      return;
    }
    // The price fields by the shared schema: the first problem under 'Validation Error', as
    // registration does.
    const priceProblems = pricingErrors(pricing);
    setPricingErr(priceProblems);
    const firstProblem = Object.values(priceProblems)[0];
    if (firstProblem) {
      notify.error('Validation Error', firstProblem);
      return;
    }
    create.mutate(
      {
        agentId,
        title: whiteLabelTitle(companyName, agentName),
        description: form.description.trim() || null,
        agentName,
        companyName,
        propertyIds: selectedIds,
        searchFilters: cleanSearchFilters(searchFilters as Record<string, unknown>),
        ...pricingInput(pricing),
      },
      {
        onSuccess: (link) => {
          notify.success(
            'White-label Link Created',
            `Your collection of ${plural(count, 'villa')} is ready to share.`,
          );
          created.current = true;
          onCreated(link);
          setForm(emptyForm);
          setPricing(DEFAULT_PRICING);
          setPricingErr({});
          setOpen(false);
          window.open(paths.whiteLabel(link.uuid), '_blank', 'noopener');
        },
        onError: (err) =>
          notify.error(
            'Failed to Create Link',
            errorMessage(err, 'There was an error creating your white-label link.'),
          ),
      },
    );
  };

  const savedFilters = cleanSearchFilters(searchFilters as Record<string, unknown>);
  const criteria = searchSummary(savedFilters, display);
  const villas = (selectedProperties ?? []).filter((p) => selectedIds.includes(p.id));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <DialogTrigger asChild>
          <Button variant="gold" disabled={count === 0} aria-describedby={count === 0 ? reasonId : undefined}>
            <Link2 className="h-4 w-4" aria-hidden />
            Create White-label Link
          </Button>
        </DialogTrigger>
        {count === 0 && (
          <p id={reasonId} className="text-xs text-stone">
            {NO_SELECTION_REASON}
          </p>
        )}
      </div>
      <DialogContent
        returnFocus={() => (created.current ? focusAfterCreate?.() : null)}
        title="Create White-label Link"
        description={`A branded page with your ${count} selected ${pluralWord(count, 'villa')}, at your price and never your trade rate, to share with your client.`}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {(villas.length > 0 || criteria.length > 0) && (
            <div className="space-y-3 rounded-[2px] border border-line bg-ivory px-4 py-3 text-sm">
              {villas.length > 0 && (
                <ul aria-label="Villas in the link" className="space-y-1">
                  {villas.map((p) => {
                    const price = viewWeeklyPrice(
                      p.basePricePerNight,
                      p.propertyCurrency,
                      display.currency,
                      display.rates,
                    );
                    return (
                      <li key={p.id} className="flex items-baseline justify-between gap-4">
                        <span className="min-w-0 truncate text-ink">{p.name}</span>
                        <span className="shrink-0 text-right text-stone lining-nums">
                          {price.amount == null ? price.text : `${price.text} / week`}
                          {price.note && <span className="block text-[11px]">{price.note}</span>}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
              {criteria.length > 0 && (
                <p className="text-xs text-stone">
                  <span className="font-medium text-ink">Search saved with the link:</span>{' '}
                  {criteria.join(' · ')}
                </p>
              )}
            </div>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Agent name">
              <Input
                autoComplete="name"
                value={form.agentName}
                onChange={(e) => setForm((f) => ({ ...f, agentName: e.target.value }))}
              />
            </Field>
            <Field label="Company name">
              <Input
                autoComplete="organization"
                value={form.companyName}
                onChange={(e) => setForm((f) => ({ ...f, companyName: e.target.value }))}
              />
            </Field>
          </div>
          <Field label="Description (optional)" hint="A short note your client sees under the title.">
            <Textarea
              rows={3}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          </Field>
          <LinkPricingFields
            value={pricing}
            onChange={(next) => {
              setPricing(next);
              setPricingErr({});
            }}
            errors={pricingErr}
            propertyIds={selectedIds}
            searchFilters={savedFilters}
            dated={linkStayOf(savedFilters) != null}
          />
          {form.agentName.trim() && form.companyName.trim() && (
            <p className="border-l-2 border-gold pl-3 text-sm text-stone">
              Link title:{' '}
              <span className="font-display text-lg text-ink">
                {whiteLabelTitle(form.companyName, form.agentName)}
              </span>
            </p>
          )}
          <DialogActions
            className="pt-2"
            submitLabel="Create Link"
            pendingLabel="Creating..."
            pending={create.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
