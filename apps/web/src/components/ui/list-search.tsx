import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';

/**
 * An admin list's search box: a field with a magnifier, named for screen readers by `label`, and
 * the list's result count beside it (announced as it changes; `countClassName` 'sr-only' keeps it
 * for screen readers alone). `count` undefined: no count here (the screen shows it elsewhere).
 */
export function ListSearch({
  id,
  label,
  placeholder,
  value,
  onChange,
  className = 'md:max-w-md',
  count,
  countClassName = 'text-sm text-stone',
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** The box's width and place ('md:max-w-sm', 'mt-8 md:max-w-md'). */
  className?: string;
  count?: ReactNode;
  countClassName?: string;
}) {
  return (
    <>
      <div className={cn('relative w-full', className)}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search className="pointer-events-none absolute left-3.5 top-3.5 h-4 w-4 text-stone" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="pl-10"
        />
      </div>
      {count !== undefined && (
        <p className={countClassName} aria-live="polite">
          {count}
        </p>
      )}
    </>
  );
}
