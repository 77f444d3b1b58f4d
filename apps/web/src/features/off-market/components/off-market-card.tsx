import { Gem } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { OffMarketCriteria } from '../utils/compose-message';
import { OffMarketDialog } from './off-market-dialog';

/**
 * The VIP off-market card shown after search results; it opens the off-market inquiry
 * dialog with the current search criteria. 'tile' sits in the card grid; 'banner' spans the width
 * (under an empty result).
 */
export function OffMarketCard({
  criteria,
  layout = 'tile',
}: {
  criteria: OffMarketCriteria;
  layout?: 'tile' | 'banner';
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const banner = layout === 'banner';
  return (
    <>
      <article
        aria-labelledby={titleId}
        className={cn(
          'relative flex overflow-hidden rounded-[3px] bg-sea p-7 text-ivory shadow-soft sm:p-8',
          banner
            ? 'flex-col gap-6 md:flex-row md:items-end md:justify-between md:p-10'
            : 'min-h-[26rem] flex-col justify-between',
        )}
      >
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full border border-gold/30"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -right-10 -top-10 h-44 w-44 rounded-full border border-gold/20"
        />
        <div className={cn('relative', banner && 'max-w-2xl')}>
          <p className="flex items-center gap-2 text-xs font-medium uppercase tracking-[0.22em] text-[#d9bf93]">
            <Gem className="h-4 w-4" aria-hidden />
            VIP Off-Market
          </p>
          <h3 id={titleId} className="mt-5 text-[34px] leading-[1.1] text-ivory">
            Beyond the published collection
          </h3>
          <p className="mt-4 text-[15px] leading-relaxed text-ivory/85">
            Not quite right? Many of the most private villas and estates are offered discreetly. Share your
            client&apos;s brief and we will search the off-market portfolio for you.
          </p>
        </div>
        <Button
          variant="gold"
          className={cn('relative w-full tracking-[0.12em]', banner ? 'md:w-auto' : 'mt-8')}
          onClick={() => setOpen(true)}
        >
          Request Off-Market
        </Button>
      </article>
      <OffMarketDialog open={open} onOpenChange={setOpen} criteria={criteria} />
    </>
  );
}
