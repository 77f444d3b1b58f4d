import { Check } from 'lucide-react';
import { Checkbox as C } from 'radix-ui';
import { cn } from '../../lib/utils';

export function Checkbox({
  checked,
  onCheckedChange,
  className,
  ...props
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
}) {
  return (
    <C.Root
      checked={checked}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      className={cn(
        'inline-flex h-5 w-5 shrink-0 cursor-pointer items-center justify-center rounded-[2px] border border-ink/50 bg-paper data-[state=checked]:border-ink data-[state=checked]:bg-ink',
        className,
      )}
      {...props}
    >
      <C.Indicator>
        <Check className="h-3.5 w-3.5 text-ivory" strokeWidth={3} aria-hidden />
      </C.Indicator>
    </C.Root>
  );
}
