import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * '<what> could not be loaded.': the one wording of a read that failed ('The users'); `end` carries
 * on the sentence where a screen says more (', so each price is shown …').
 */
export const couldNotLoad = (what: string, end = '.') => `${what} could not be loaded${end}`;

/** The 'Try again' button of a read that failed; while it runs again it is disabled. */
export function RetryButton({
  onRetry,
  retrying = false,
  retryingLabel,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  onRetry: () => unknown;
  retrying?: boolean;
  /** What the button says while the read runs again ('Retrying...'); by default it keeps its label. */
  retryingLabel?: string;
  variant?: 'outline' | 'ghost';
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <Button className={className} size={size} variant={variant} onClick={() => onRetry()} disabled={retrying}>
      {retrying && retryingLabel ? retryingLabel : 'Try again'}
    </Button>
  );
}

/**
 * A list that still shows its last rows while a later read failed: one line above the rows, with
 * 'Try again'.
 */
export function StaleNotice({
  children,
  onRetry,
  retrying,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <p role="alert" className="mb-4 flex flex-wrap items-center gap-3 text-sm text-danger">
      {children}
      <RetryButton variant="ghost" onRetry={onRetry} retrying={retrying} />
    </p>
  );
}

const ERROR_LAYOUT = {
  /** A panel in the list's place, the text above its button. */
  block: 'rounded-[3px] border border-line bg-paper px-6 py-12 text-center text-sm text-stone',
  /** One row, the text beside its button (a strip of figures). */
  row: 'flex flex-wrap items-center gap-4 rounded-[3px] border border-line bg-paper px-6 py-5 text-sm text-stone',
  /** The text alone, where the surrounding screen offers its own way back. */
  text: 'py-12 text-center text-sm text-stone',
} as const;

/**
 * The three states of a list before it shows its rows: a spinner while it loads, '<what> could not
 * be loaded.' with 'Try again' when it failed, and the list's own empty state when it has no rows.
 * Each screen passes its own noun (or its own sentence); the rows (`children`) render only once
 * there are some.
 */
/** What QueryState reads of a query (TanStack Query's result). */
type QueryLike = { isPending: boolean; isError: boolean; refetch: () => unknown };

export function QueryState({
  query,
  pending = query?.isPending ?? false,
  error = query?.isError ?? false,
  onRetry = query?.refetch,
  retrying,
  retryingLabel,
  loadingLabel,
  loading,
  what,
  errorText,
  errorNote,
  errorCause,
  errorLayout = 'block',
  errorClassName,
  errorRole,
  errorActions,
  isEmpty = false,
  empty,
  loadingClassName = 'py-16',
  children,
}: {
  /** The query whose states these are: `pending`, `error` and `onRetry` default to its own. */
  query?: QueryLike;
  pending?: boolean;
  error?: boolean;
  /** Without it the failure shows its text alone. */
  onRetry?: () => unknown;
  /** The read runs again: 'Try again' is disabled meanwhile. */
  retrying?: boolean;
  retryingLabel?: string;
  /** The spinner's accessible name ('Loading users'). */
  loadingLabel?: string;
  /** A placeholder of the list's own shape instead of the spinner. */
  loading?: ReactNode;
  /** The noun of '<what> could not be loaded.' ('The users'). */
  what?: string;
  /** A screen's own sentence instead of '<what> could not be loaded.'. */
  errorText?: string;
  /** A sentence after the text ('Please reload the page.'). */
  errorNote?: string;
  /** The failure: a message the server wrote for the reader replaces the text. */
  errorCause?: unknown;
  errorLayout?: keyof typeof ERROR_LAYOUT;
  /** Replaces the layout's classes of the failure's box. */
  errorClassName?: string;
  errorRole?: 'alert';
  /** Buttons beside 'Try again' ('Cancel'). */
  errorActions?: ReactNode;
  isEmpty?: boolean;
  empty?: ReactNode;
  loadingClassName?: string;
  children?: ReactNode;
}) {
  if (pending)
    return (
      loading ?? (
        <div className={cn('flex justify-center', loadingClassName)}>
          <Spinner label={loadingLabel} />
        </div>
      )
    );
  if (error) {
    const base = errorText ?? couldNotLoad(what ?? 'This list');
    const text = errorCause === undefined ? base : errorMessage(errorCause, base);
    const sentence = errorNote ? `${text} ${errorNote}` : text;
    const block = errorLayout === 'block';
    const button = onRetry && (
      <RetryButton
        className={block && !errorActions ? 'mt-5' : undefined}
        onRetry={onRetry}
        retrying={retrying}
        retryingLabel={retryingLabel}
      />
    );
    const retry =
      block && errorActions ? (
        <div className="mt-5 flex justify-center gap-3">
          {errorActions}
          {button}
        </div>
      ) : (
        button
      );
    const className = errorClassName ?? ERROR_LAYOUT[errorLayout];
    return block ? (
      <div role={errorRole} className={className}>
        <p>{sentence}</p>
        {retry}
      </div>
    ) : errorLayout === 'row' ? (
      <div role={errorRole} className={className}>
        {sentence}
        {retry}
      </div>
    ) : (
      <p role={errorRole} className={className}>
        {sentence}
      </p>
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
