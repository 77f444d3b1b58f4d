import { Check, ChevronDown } from 'lucide-react';
import { Select as S } from 'radix-ui';
import { cn } from '../../lib/utils';
import { selectTriggerClass } from './select-trigger';

export interface SelectOption {
  value: string;
  label: string;
}

/** A styled Radix select. Radix forbids '' as an item value, so callers use a sentinel such as 'any'. */
export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  id,
  className,
  sizeToOptions,
  ...aria
}: {
  value: string | undefined;
  onValueChange: (v: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  /**
   * The closed select is as wide as its longest option, whichever is chosen (in a row that leaves it
   * its own width), so no label is ever cut.
   */
  sizeToOptions?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <S.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <S.Trigger id={id} {...aria} className={cn(selectTriggerClass, className)}>
        {sizeToOptions ? (
          // Every label in the same grid cell: the cell takes the widest. The hidden ones are CSS
          // content, so they are neither read aloud nor part of the trigger's text.
          <span className="grid whitespace-nowrap">
            <span className="col-start-1 row-start-1">
              <S.Value placeholder={placeholder} />
            </span>
            {options.map((o) => (
              <span
                key={o.value}
                aria-hidden
                data-label={o.label}
                className="invisible col-start-1 row-start-1 after:content-[attr(data-label)]"
              />
            ))}
          </span>
        ) : (
          <S.Value placeholder={placeholder} />
        )}
        <S.Icon>
          <ChevronDown className="h-4 w-4 text-stone" aria-hidden />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-[2px] border border-line bg-paper shadow-lift"
        >
          <S.Viewport className="p-1">
            {options.map((o) => (
              <S.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-pointer select-none items-center rounded-[2px] py-2 pl-8 pr-3 text-sm text-ink outline-none data-[highlighted]:bg-sand"
              >
                <S.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4" aria-hidden />
                </S.ItemIndicator>
                <S.ItemText>{o.label}</S.ItemText>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
