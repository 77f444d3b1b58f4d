import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { srcSetFor } from '../../lib/images';
import { cn } from '../../lib/utils';

/** `{alt}, image 2 of 5`: every slide gets a distinct, meaningful alt text. */
export const slideAlt = (alt: string, index: number, total: number) =>
  total > 1 ? `${alt}, image ${index + 1} of ${total}` : alt;

export interface ImageCarouselProps {
  /** Image URLs, shown in order. An empty list renders a quiet placeholder. */
  images: readonly string[];
  /** What the images show (usually the property name); each slide's alt adds 'image n of N'. */
  alt: string;
  /** Controlled slide index; leave undefined for an uncontrolled carousel. */
  index?: number;
  onIndexChange?: (index: number) => void;
  /** Called when the visible image itself is activated (e.g. to open a lightbox). */
  onImageClick?: (index: number) => void;
  /** Aspect ratio class of the frame, default 4:3. */
  aspectClassName?: string;
  className?: string;
  /** Eager-load the first image (above-the-fold galleries). */
  priority?: boolean;
  /** The `sizes` of the frame, so the browser picks the right rendition (lib/images.ts). */
  sizes?: string;
}

/**
 * A presentational image carousel: one image at a time, previous/next buttons, position dots and touch
 * swipe. No business logic. Clicks on its own controls never bubble, so it can sit inside a clickable
 * card. Wraps around at both ends.
 */
export function ImageCarousel({
  images,
  alt,
  index: controlled,
  onIndexChange,
  onImageClick,
  aspectClassName = 'aspect-[4/3]',
  className,
  priority,
  sizes = '100vw',
}: ImageCarouselProps) {
  const [own, setOwn] = useState(0);
  const total = images.length;
  const current = Math.min(controlled ?? own, Math.max(0, total - 1));
  const swipeFrom = useRef<number | null>(null);

  const go = (next: number) => {
    const i = (next + total) % total;
    if (controlled === undefined) setOwn(i);
    onIndexChange?.(i);
  };
  const step = (delta: number) => (e: MouseEvent) => {
    e.stopPropagation();
    go(current + delta);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from == null || total < 2) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) > 40) go(current + (dx < 0 ? 1 : -1));
  };

  if (total === 0) {
    return (
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-2 bg-sand text-stone',
          aspectClassName,
          className,
        )}
      >
        <ImageOff className="h-7 w-7" aria-hidden strokeWidth={1.25} />
        <span className="text-xs uppercase tracking-[0.18em]">Imagery on request</span>
      </div>
    );
  }

  const image = (
    <img
      src={images[current]}
      srcSet={srcSetFor(images[current])}
      sizes={sizes}
      alt={slideAlt(alt, current, total)}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className="h-full w-full select-none object-cover transition-transform duration-700 ease-out group-hover/carousel:scale-[1.02]"
    />
  );

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={alt}
      className={cn('group/carousel relative overflow-hidden bg-sand', aspectClassName, className)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      {onImageClick ? (
        <button
          type="button"
          className="block h-full w-full cursor-zoom-in"
          aria-label={`Enlarge ${slideAlt(alt, current, total)}`}
          onClick={(e) => {
            e.stopPropagation();
            onImageClick(current);
          }}
        >
          {image}
        </button>
      ) : (
        image
      )}

      {total > 1 && (
        <>
          <button
            type="button"
            onClick={step(-1)}
            aria-label="Previous image"
            className="absolute left-3 top-1/2 flex h-9 w-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-paper/85 text-ink shadow-soft backdrop-blur transition-opacity hover:bg-paper focus-visible:opacity-100 sm:opacity-0 sm:group-hover/carousel:opacity-100"
          >
            <ChevronLeft className="h-4.5 w-4.5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={step(1)}
            aria-label="Next image"
            className="absolute right-3 top-1/2 flex h-9 w-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-paper/85 text-ink shadow-soft backdrop-blur transition-opacity hover:bg-paper focus-visible:opacity-100 sm:opacity-0 sm:group-hover/carousel:opacity-100"
          >
            <ChevronRight className="h-4.5 w-4.5" aria-hidden />
          </button>
          <div
            className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center gap-1.5"
            aria-hidden
          >
            {images.map((src, i) => (
              <span
                key={`${src}-${i}`}
                className={cn(
                  'h-1.5 rounded-full bg-white/60 shadow transition-all duration-300',
                  i === current ? 'w-5 bg-white' : 'w-1.5',
                )}
              />
            ))}
          </div>
          <p className="sr-only" aria-live="polite">
            {`Image ${current + 1} of ${total}`}
          </p>
        </>
      )}
    </div>
  );
}
