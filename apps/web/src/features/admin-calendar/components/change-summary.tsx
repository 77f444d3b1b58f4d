import { plural } from '@villas/shared';
import { runsInWords } from '../utils/calendar';

/**
 * What an apply dialog will change, before it does: how many nights and which ranges (months not on
 * screen included), and which selected nights it leaves as they are and why.
 */
export function ChangeSummary({ dates, skipped = [] }: { dates: string[]; skipped?: string[] }) {
  return (
    <div className="rounded-[2px] bg-sand/60 px-4 py-3 text-sm text-ink">
      <p>
        {dates.length === 0 ? (
          'No night will change.'
        ) : (
          <>
            Changes <strong>{plural(dates.length, 'night')}</strong>: {runsInWords(dates)}.
          </>
        )}
      </p>
      {skipped.length > 0 && (
        <p className="mt-1 text-stone">
          {plural(skipped.length, 'held night')} will not change ({runsInWords(skipped)}): confirm or release
          the hold in the Notifications tab first.
        </p>
      )}
    </div>
  );
}
