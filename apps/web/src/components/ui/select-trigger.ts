/**
 * The look of a select's closed trigger, apart from the select itself (select.tsx) so a form shown
 * before its code loads can draw the same box without loading Radix.
 */
export const selectTriggerClass =
  'flex h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-[2px] border border-line bg-paper px-3.5 text-left text-[15px] text-ink data-[placeholder]:text-stone focus:border-gold-deep focus:outline-none disabled:cursor-not-allowed disabled:bg-sand/50 disabled:text-stone';
