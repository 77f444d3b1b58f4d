import { cn } from '../../lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-sm text-stone', className)}>
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-gold-deep"
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole-section loading state. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
