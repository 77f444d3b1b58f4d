import { useState, type ImgHTMLAttributes } from 'react';
import { srcSetFor } from '../../../lib/images';
import { cn } from '../../../lib/utils';
import { gradientBackdrop } from './layout';

/**
 * A photograph that never shows as broken: while it loads, or if it fails, the refined gradient
 * stands in. The photograph shows as soon as the browser paints it, with or without JavaScript: the
 * page is rendered on the server, and an image that waited for a script to reveal it would delay the
 * first paint of the hero. Stored images get their `srcset` from the URL (lib/images.ts); pass
 * `sizes` for the space the picture takes (default: the full viewport).
 */
export function PropertyImage({
  src,
  alt,
  className,
  imgClassName,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src?: string | null; alt: string; imgClassName?: string }) {
  const [state, setState] = useState<{ src?: string | null; failed: boolean }>({ src, failed: false });
  // A new source starts over (state derived from props, no effect needed).
  const current = state.src === src ? state : { src, failed: false };
  if (current !== state) setState(current);

  return (
    <div className={cn('relative overflow-hidden', gradientBackdrop, className)}>
      {src && !current.failed && (
        <img
          {...props}
          src={src}
          srcSet={props.srcSet ?? srcSetFor(src)}
          sizes={props.sizes ?? '100vw'}
          alt={alt}
          onError={() => setState({ src, failed: true })}
          className={cn('absolute inset-0 h-full w-full object-cover', imgClassName)}
        />
      )}
    </div>
  );
}
