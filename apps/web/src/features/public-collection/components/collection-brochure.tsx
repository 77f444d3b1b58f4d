import { brochurePath, formatLongDate, type LinkStay, plural } from '@villas/shared';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * 'Download brochure': the collection as a branded A4 PDF (the same villas and client prices as the
 * page), made by the server; the browser saves it under the collection's title.
 */
export function BrochureButton({ uuid, variant = 'light' }: { uuid: string; variant?: 'light' | 'outline' }) {
  return (
    <Button variant={variant} asChild>
      <a href={brochurePath(uuid)} download>
        <Download className="h-4 w-4" aria-hidden />
        Download brochure
      </a>
    </Button>
  );
}

/** The stay a dated collection is priced for: 'August 1, 2031 – August 15, 2031 · 14 nights'. */
export function StayNote({ stay, className }: { stay: LinkStay; className?: string }) {
  return (
    <p className={className}>
      {formatLongDate(stay.checkIn)} – {formatLongDate(stay.checkOut)} · {plural(stay.nights, 'night')}
    </p>
  );
}
