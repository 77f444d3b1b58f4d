import { useState, type ImgHTMLAttributes } from 'react';
import { srcSetFor } from '../../../lib/images';
import { cn } from '../../../lib/utils';
import { gradientBackdrop } from './layout';

/**
 * A photograph that never shows as broken: while it loads, or if it fails, the refined gradient
 * stands in; the photograph fades in once decoded. Stored images get their `srcset` from the URL
 * (lib/images.ts); pass `sizes` for the space the picture takes (default: the full viewport).
 */
export function PropertyImage({
  src,
  alt,
  className,
  imgClassName,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src?: string | null; alt: string; imgClassName?: string }) {
  const [state, setState] = useState<{ src?: string | null; loaded: boolean; failed: boolean }>({
    src,
    loaded: false,
    failed: false,
  });
  // A new source starts over (state derived from props, no effect needed).
  const current = state.src === src ? state : { src, loaded: false, failed: false };
  if (current !== state) setState(current);

  return (
    <div className={cn('relative overflow-hidden', gradientBackdrop, className)}>
      {src && !current.failed && (
        <img
          {...props}
          src={src}
          srcSet={props.srcSet ?? srcSetFor(src)}
          alt={alt}
          onLoad={() => setState({ src, loaded: true, failed: false })}
          onError={() => setState({ src, loaded: false, failed: true })}
          className={cn(
            'absolute inset-0 h-full w-full object-cover transition-opacity duration-700',
            current.loaded ? 'opacity-100' : 'opacity-0',
            imgClassName,
          )}
        />
      )}
    </div>
  );
}
