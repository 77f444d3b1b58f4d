import { stayRuleSummary, type StayRuleTerms } from '@villas/shared';
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/utils';

/**
 * A villa's stay rules in force, briefly ('Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug'): the
 * agent's villa detail and the client's villa dialog. Nothing when the villa has none.
 */
export function StayRulesList({
  rules,
  className,
  now = new Date(),
}: {
  rules: readonly StayRuleTerms[] | undefined;
  className?: string;
  now?: Date;
}) {
  const titleId = useId();
  if (!rules?.length) return null;
  const thisYear = now.getUTCFullYear();
  return (
    <section aria-labelledby={titleId} className={className}>
      <h4 id={titleId} className="eyebrow">
        Stay rules
      </h4>
      <ul className="mt-2 space-y-1.5">
        {rules.map((rule) => (
          <li key={rule.startDate} className={cn('flex items-start gap-2 text-sm text-ink')}>
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
            {stayRuleSummary(rule, thisYear)}
          </li>
        ))}
      </ul>
    </section>
  );
}
