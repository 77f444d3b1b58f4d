import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * The three states of a list before it shows its rows: a spinner while it loads, '<what> could not
 * be loaded.' with 'Try again' when it failed, and the list's own empty state when it has no rows.
 * Each screen passes its own texts; the rows (`children`) render only once there are some.
 */
export function QueryState({
  pending,
  error,
  onRetry,
  loadingLabel,
  errorText,
  isEmpty = false,
  empty,
  loadingClassName = 'py-16',
  children,
}: {
  pending: boolean;
  error: boolean;
  onRetry: () => unknown;
  /** The spinner's accessible name ('Loading users'). */
  loadingLabel: string;
  /** 'The users could not be loaded.' */
  errorText: string;
  isEmpty?: boolean;
  empty?: ReactNode;
  loadingClassName?: string;
  children: ReactNode;
}) {
  if (pending)
    return (
      <div className={cn('flex justify-center', loadingClassName)}>
        <Spinner label={loadingLabel} />
      </div>
    );
  if (error)
    return (
      <div className="rounded-[3px] border border-line bg-paper px-6 py-12 text-center text-sm text-stone">
        <p>{errorText}</p>
        <Button className="mt-5" size="sm" variant="outline" onClick={() => onRetry()}>
          Try again
        </Button>
      </div>
    );
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
