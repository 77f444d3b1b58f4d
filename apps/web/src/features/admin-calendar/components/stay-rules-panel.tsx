import { stayRuleSummary, type StayRule } from '@villas/shared';
import { Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteStayRule, useStayRules } from '../api/stay-rules';
import { StayRuleDialogContent } from './stay-rule-dialog';

/**
 * The calendar manager's 'Stay rules' panel: the villa's periods with a minimum stay
 * and/or check-in days, each added, edited and deleted here. Rules from Invenio are marked: the
 * next sync replaces them, unless the administrator edited one (it is theirs from then on).
 */
export function StayRulesPanel({ propertyId, today }: { propertyId: number; today: string }) {
  const rules = useStayRules(propertyId);
  const [adding, setAdding] = useState(false);
  const titleId = useId();
  const addId = useId();
  const thisYear = Number(today.slice(0, 4));

  return (
    <section aria-labelledby={titleId} className="mt-8 border-t border-line pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={titleId} className="font-display text-2xl text-ink">
            Stay rules
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-stone">
            Minimum stay and check-in days per period. A stay follows the rule of its check-in date; search,
            booking forms and holds refuse a stay that breaks it.
          </p>
        </div>
        <Dialog open={adding} onOpenChange={setAdding}>
          <DialogTrigger asChild>
            <Button id={addId} size="sm" variant="outline" className="w-full shrink-0 sm:w-auto">
              <Plus className="h-3.5 w-3.5" aria-hidden />
              Add Stay Rule
            </Button>
          </DialogTrigger>
          {adding && (
            <StayRuleDialogContent propertyId={propertyId} today={today} onDone={() => setAdding(false)} />
          )}
        </Dialog>
      </div>

      {rules.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading stay rules" />
        </div>
      ) : rules.isError ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-[2px] border border-danger/40 bg-[#f6e1e1]/50 px-3 py-2 text-sm text-danger"
        >
          {errorMessage(rules.error, 'Failed to fetch stay rules')}
          <Button variant="ghost" size="sm" onClick={() => void rules.refetch()}>
            Retry
          </Button>
        </div>
      ) : rules.data.length === 0 ? (
        <p className="mt-4 text-sm text-stone">No stay rules: a stay of any length may start on any day.</p>
      ) : (
        <ul aria-label="Stay rules" className="mt-4 divide-y divide-line border-y border-line">
          {rules.data.map((rule) => (
            <StayRuleRow
              key={rule.id}
              rule={rule}
              propertyId={propertyId}
              today={today}
              summary={stayRuleSummary(rule, thisYear)}
              focusAfterDelete={() => document.getElementById(addId)}
            />
          ))}
        </ul>
      )}
      {rules.data?.some((r) => r.source === 'invenio') && (
        <p className="mt-2 text-xs text-stone">
          Rules from Invenio are replaced at each sync; edit one to keep it as yours.
        </p>
      )}
    </section>
  );
}

function StayRuleRow({
  rule,
  propertyId,
  today,
  summary,
  focusAfterDelete,
}: {
  rule: StayRule;
  propertyId: number;
  today: string;
  summary: string;
  focusAfterDelete: () => HTMLElement | null;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteStayRule(propertyId);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink">
        {summary}
        {rule.source === 'invenio' && (
          <Badge tone="blue" className="ml-2 align-middle">
            From Invenio
          </Badge>
        )}
      </p>
      <div className="flex shrink-0 gap-2">
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={`Edit stay rule: ${summary}`}>
              <Pencil className="h-3.5 w-3.5" aria-hidden />
              Edit
            </Button>
          </DialogTrigger>
          {editing && (
            <StayRuleDialogContent
              propertyId={propertyId}
              rule={rule}
              today={today}
              onDone={() => setEditing(false)}
            />
          )}
        </Dialog>
        <ConfirmDelete
          className="text-danger"
          ariaLabel={`Delete stay rule: ${summary}`}
          title="Delete this stay rule?"
          description={`${summary}. Stays starting in this period will no longer be held to it.`}
          confirmLabel="Delete Rule"
          pendingLabel="Deleting…"
          focusAfter={focusAfterDelete}
          remove={() => remove.mutateAsync(rule.id)}
          done={['Stay Rule Deleted', summary]}
          failed="Failed to delete the stay rule. Please try again."
        />
      </div>
    </li>
  );
}
