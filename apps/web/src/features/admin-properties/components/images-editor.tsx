import { IMAGE_MIME_TYPES, propertyInputSchema, plural } from '@villas/shared';
import { ArrowDown, ArrowUp, ImagePlus, Link2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toaster';
import { srcSetFor } from '../../../lib/images';
import { imageFileProblem, uploadImage } from '../api/upload-image';
import { enterRuns } from '../../../lib/enter-key';

/** The shared rule for one image URL (https://, http:// or a site path). */
const imageUrlSchema = propertyInputSchema.shape.images.unwrap().element;

type Focus = { index: number; action: 'up' | 'down' | 'remove' | 'url' } | null;

/**
 * Images by upload and by URL: the first is the cover; each can be moved up or down
 * or removed with its own named button, and focus stays with the image being moved. Uploads are
 * checked first (JPEG, PNG or WebP, at most 10MB) and sent one at a time.
 */
export function ImagesEditor({
  value,
  onChange,
  onUploadingChange,
  newProperty = false,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The property is not created yet: an upload is kept with it only once Create Property saves it. */
  newProperty?: boolean;
}) {
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const urlId = useId();
  const urlErrorId = useId();
  const hintId = useId();

  // After a move or removal, focus follows the image (or the nearest control that still exists).
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    if (focus.action === 'url' || value.length === 0) {
      document.getElementById(urlId)?.focus();
      return;
    }
    const row =
      listRef.current?.querySelectorAll<HTMLLIElement>(':scope > li')[
        Math.min(focus.index, value.length - 1)
      ];
    const pick = (name: string) =>
      row?.querySelector<HTMLButtonElement>(`button[data-action="${name}"]:not(:disabled)`);
    const order =
      focus.action === 'up' ? ['up', 'down'] : focus.action === 'down' ? ['down', 'up'] : ['remove'];
    for (const name of order) {
      const b = pick(name);
      if (b) {
        b.focus();
        return;
      }
    }
    pick('remove')?.focus();
  }, [focus, value.length, urlId]);

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
    setFocus({ index: to, action: to < from ? 'up' : 'down' });
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setFocus({ index, action: 'remove' });
  };

  const addUrl = () => {
    const text = url.trim();
    if (!text) {
      // Blank text is ignored.
      setUrl('');
      return;
    }
    const parsed = imageUrlSchema.safeParse(text);
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message ?? 'Enter a valid image URL');
      return;
    }
    if (value.includes(parsed.data)) {
      setUrlError('This image is already in the list');
      return;
    }
    onChange([...value, parsed.data]);
    setUrl('');
    setUrlError(null);
  };

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange(busy);
  };

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length) return;
    setBusy(true);
    try {
      for (const file of files) {
        const problem = imageFileProblem(file);
        if (problem) {
          notify.error(problem.title, problem.text);
          continue;
        }
        try {
          const imageUrl = await uploadImage(file);
          latest.current = [...latest.current, imageUrl] as readonly string[];
          onChange([...latest.current]);
          notify.success(
            'Image uploaded successfully',
            newProperty ? 'Added — saved with Create Property' : 'Your image has been added to the property',
          );
        } catch {
          notify.error('Upload failed', 'Failed to upload image. Please try again.');
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p id={hintId} className="text-sm text-stone">
        Recommended image size is 1920x1080 or larger. JPEG, PNG or WebP, up to 10MB. The first image is the
        cover.
      </p>
      <div className="mt-4 grid gap-3 lg:grid-cols-[auto_minmax(0,1fr)] lg:items-start">
        <div>
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            multiple
            hidden
            onChange={onFiles}
            data-testid="image-file-input"
          />
          <Button
            variant="outline"
            onClick={() => fileRef.current?.click()}
            disabled={uploading}
            aria-describedby={hintId}
            className="w-full lg:w-auto"
          >
            {uploading ? (
              <>
                <Spinner
                  label="Uploading image"
                  className="[&>span:first-child]:h-4 [&>span:first-child]:w-4"
                />
                Uploading...
              </>
            ) : (
              <>
                <ImagePlus className="h-4 w-4" aria-hidden />
                Upload images
              </>
            )}
          </Button>
        </div>
        <div>
          <label htmlFor={urlId} className="sr-only">
            Image URL
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://… image URL"
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(null);
              }}
              onKeyDown={enterRuns(addUrl)}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? urlErrorId : undefined}
            />
            <Button variant="outline" onClick={addUrl} className="h-11">
              <Link2 className="h-4 w-4" aria-hidden />
              Add URL
            </Button>
          </div>
          {urlError && (
            <p id={urlErrorId} role="alert" className="mt-1.5 text-xs text-danger">
              {urlError}
            </p>
          )}
        </div>
      </div>

      {value.length === 0 ? (
        <p className="mt-5 rounded-[2px] border border-dashed border-line px-4 py-6 text-center text-sm text-stone">
          No images yet. Agents see the cover first on every card.
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-label="Property images"
          className="mt-5 max-h-64 divide-y divide-line overflow-y-auto rounded-[2px] border border-line"
        >
          {value.map((src, i) => {
            const n = i + 1;
            return (
              <li key={src} className="flex items-center gap-3 px-3 py-2.5">
                <img
                  src={src}
                  srcSet={srcSetFor(src)}
                  sizes="64px"
                  alt={`Image ${n}`}
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-16 shrink-0 rounded-[2px] bg-sand object-cover"
                />
                <div className="min-w-0 flex-1">
                  {i === 0 && (
                    <Badge tone="gold" className="mb-1">
                      Cover
                    </Badge>
                  )}
                  <p className="truncate text-xs text-stone" title={src}>
                    {src}
                  </p>
                </div>
                <div className="flex shrink-0 items-center">
                  <IconButton
                    action="up"
                    label={`Move image ${n} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </IconButton>
                  <IconButton
                    action="down"
                    label={`Move image ${n} down`}
                    disabled={i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </IconButton>
                  <IconButton action="remove" label={`Remove image ${n}`} onClick={() => remove(i)}>
                    <X className="h-4 w-4" aria-hidden />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {plural(value.length, 'image')}
      </p>
    </div>
  );
}

function IconButton({
  action,
  label,
  disabled,
  onClick,
  children,
}: {
  action: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}
