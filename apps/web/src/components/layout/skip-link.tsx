/** The first stop for keyboard users: hidden until focused, it jumps past the top bar to `#main`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[70] bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}
