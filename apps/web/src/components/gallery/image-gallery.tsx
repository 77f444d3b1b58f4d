import { Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { IMAGE_SIZES } from '../../lib/images';
import { ImageCarousel } from './image-carousel';
import { Lightbox } from './lightbox';
import { ThumbnailStrip } from './thumbnail-strip';

export interface ImageGalleryProps {
  images: readonly string[];
  /** What the images show (e.g. the property name). */
  alt: string;
  /** Aspect ratio class of the main frame, default 16:10. */
  aspectClassName?: string;
  className?: string;
}

/**
 * A detail-page gallery: a large carousel, a thumbnail strip and a full-screen lightbox (opened by the
 * image itself or the 'View all photos' button) that stays on the same image. Presentational only.
 */
export function ImageGallery({
  images,
  alt,
  aspectClassName = 'aspect-[16/10]',
  className,
}: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const total = images.length;
  const show = (i: number) => {
    setIndex(i);
    setOpen(true);
  };

  return (
    <div className={className}>
      <div className="relative">
        <ImageCarousel
          images={images}
          alt={alt}
          index={index}
          onIndexChange={setIndex}
          onImageClick={show}
          aspectClassName={aspectClassName}
          className="rounded-[3px]"
          sizes={IMAGE_SIZES.dialogGallery}
          priority
        />
        {total > 0 && (
          <button
            type="button"
            onClick={() => show(index)}
            className="absolute right-3 top-3 inline-flex cursor-pointer items-center gap-2 rounded-[2px] bg-ink/75 px-3 py-2 text-[11px] font-medium uppercase tracking-[0.16em] text-white backdrop-blur transition-colors hover:bg-ink"
          >
            <Maximize2 className="h-3.5 w-3.5" aria-hidden />
            {total > 1 ? `View all ${total} photos` : 'View full screen'}
          </button>
        )}
      </div>
      {total > 1 && (
        <ThumbnailStrip
          images={images}
          current={index}
          onSelect={setIndex}
          className="mt-2 flex gap-2 overflow-x-auto p-1"
          thumbClassName="h-16 w-22 shrink-0 cursor-pointer overflow-hidden rounded-[2px] opacity-60 transition hover:opacity-100 sm:h-18 sm:w-26"
          currentClassName="opacity-100 ring-2 ring-gold-deep ring-offset-2 ring-offset-paper"
        />
      )}
      <Lightbox
        images={images}
        alt={alt}
        open={open}
        onOpenChange={setOpen}
        index={index}
        onIndexChange={setIndex}
      />
    </div>
  );
}
