import { IMAGE_SIZES, srcSetFor } from '../../lib/images';
import { cn } from '../../lib/utils';

/**
 * A row of a gallery's thumbnails, each a button that shows its image ('Show image 2 of 5'), the
 * current one marked. Each gallery passes its own strip, thumbnail and current-thumbnail classes.
 */
export function ThumbnailStrip({
  images,
  current,
  onSelect,
  className,
  thumbClassName,
  currentClassName,
}: {
  images: readonly string[];
  current: number;
  onSelect: (index: number) => void;
  className: string;
  thumbClassName: string;
  currentClassName: string;
}) {
  const total = images.length;
  return (
    <div className={className}>
      {images.map((src, i) => (
        <button
          key={`${src}-${i}`}
          type="button"
          onClick={() => onSelect(i)}
          aria-label={`Show image ${i + 1} of ${total}`}
          aria-current={i === current ? 'true' : undefined}
          className={cn(thumbClassName, i === current && currentClassName)}
        >
          <img
            src={src}
            srcSet={srcSetFor(src)}
            sizes={IMAGE_SIZES.thumbnail}
            alt=""
            className="h-full w-full object-cover"
            loading="lazy"
          />
        </button>
      ))}
    </div>
  );
}
