import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { IMAGE_SIZES, srcSetFor } from '../../lib/images';
import { cn } from '../../lib/utils';
import { Dialog, DialogClose, FullScreenDialogContent } from '../ui/dialog';
import { slideAlt } from './image-carousel';
import { ThumbnailStrip } from './thumbnail-strip';

export interface LightboxProps {
  images: readonly string[];
  /** What the images show; each image's alt adds 'image n of N'. */
  alt: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The image shown; the lightbox is controlled so it can stay in step with a gallery behind it. */
  index: number;
  onIndexChange: (index: number) => void;
}

/**
 * A full-screen image viewer on a Radix dialog: focus is trapped inside, Escape closes, ←/→ move
 * between images (wrapping around), and a thumbnail strip jumps to any image. Works inside another
 * dialog (Escape closes only the lightbox). Presentational only.
 */
export function Lightbox({ images, alt, open, onOpenChange, index, onIndexChange }: LightboxProps) {
  return (
    <Dialog open={open && images.length > 0} onOpenChange={onOpenChange}>
      <LightboxContent images={images} alt={alt} index={index} onIndexChange={onIndexChange} />
    </Dialog>
  );
}

/** The viewer itself: closing it gives focus back to the gallery button that opened it. */
function LightboxContent({
  images,
  alt,
  index,
  onIndexChange,
}: Pick<LightboxProps, 'images' | 'alt' | 'index' | 'onIndexChange'>) {
  const total = images.length;
  const current = Math.min(Math.max(index, 0), Math.max(0, total - 1));
  const go = (i: number) => total > 0 && onIndexChange((i + total) % total);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(current - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(current + 1);
    }
  };
  const nav =
    'absolute top-1/2 z-10 flex h-12 w-12 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/25';

  return (
    <FullScreenDialogContent
      title={`${alt}: photo gallery`}
      overlayClassName="fixed inset-0 z-[70] bg-[#0d0c0b]/95"
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-[70] flex flex-col bg-[#0d0c0b] text-white outline-none"
    >
      <div className="flex items-center justify-between px-4 py-3 sm:px-6">
        <p className="font-display text-lg tracking-wide text-white/90 sm:text-xl">
          {alt}
          <span className="ml-3 font-sans text-xs uppercase tracking-[0.2em] text-white/75">
            {current + 1} / {total}
          </span>
        </p>
        <DialogClose
          aria-label="Close gallery"
          className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-white/85 hover:bg-white/15 hover:text-white"
        >
          <X className="h-6 w-6" aria-hidden />
        </DialogClose>
      </div>

      <div className="relative flex min-h-0 flex-1 items-center justify-center px-3 sm:px-20">
        {total > 0 && (
          <img
            key={images[current]}
            src={images[current]}
            srcSet={srcSetFor(images[current])}
            sizes={IMAGE_SIZES.fullScreen}
            alt={slideAlt(alt, current, total)}
            className="max-h-full max-w-full select-none object-contain"
            draggable={false}
          />
        )}
        {total > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => go(current - 1)}
              className={cn(nav, 'left-2 sm:left-6')}
            >
              <ChevronLeft className="h-6 w-6" aria-hidden />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => go(current + 1)}
              className={cn(nav, 'right-2 sm:right-6')}
            >
              <ChevronRight className="h-6 w-6" aria-hidden />
            </button>
          </>
        )}
      </div>

      {total > 1 && (
        <ThumbnailStrip
          images={images}
          current={current}
          onSelect={go}
          className="flex justify-center gap-2 overflow-x-auto px-4 py-4"
          thumbClassName="h-14 w-20 shrink-0 cursor-pointer overflow-hidden rounded-[2px] opacity-50 ring-white transition hover:opacity-90"
          currentClassName="opacity-100 ring-2"
        />
      )}
      <p className="sr-only" aria-live="polite">
        {`Image ${current + 1} of ${total}`}
      </p>
    </FullScreenDialogContent>
  );
}
