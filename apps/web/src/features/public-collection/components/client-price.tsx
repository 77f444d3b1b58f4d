import { clientPriceParts, type ClientPrice } from '@villas/shared';
import { cn } from '../../../lib/utils';

/**
 * A villa's price as its client sees it (the link's currency, the agent's markup included, never a
 * trade rate): 'from £9,735 per week', the stay's total ('£19,470 for 14 nights') or 'Price on
 * Request'. The figure is set in the display face; the words around it stay small. Nothing on a link
 * whose agent shows no prices (`price` null).
 */
export function ClientPriceLine({
  price,
  size = 'card',
  className,
}: {
  price: ClientPrice | null;
  size?: 'card' | 'detail';
  className?: string;
}) {
  if (!price) return null;
  const parts = clientPriceParts(price);
  const figure = size === 'detail' ? 'text-4xl' : 'text-[26px]';
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-ink', className)}>
      {parts.lead && (
        <span className="text-[11px] font-medium uppercase tracking-[0.18em] text-stone">{parts.lead}</span>
      )}
      <span
        className={cn('font-display leading-none lining-nums', price.amount == null ? 'text-2xl' : figure)}
      >
        {parts.figure}
      </span>
      {parts.tail && <span className="text-sm text-stone">{parts.tail}</span>}
    </p>
  );
}
