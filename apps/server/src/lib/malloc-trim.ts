import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * glibc's allocator keeps the pages of the blocks a process frees: `free` gives back only the top of
 * a heap, so a heap with one live block near its end keeps everything below it. Only
 * `malloc_trim(0)` hands the free pages in the middle back to the system, and Node has no call for it.
 * The server calls it through koffi (a C FFI with prebuilt binaries) after each full garbage
 * collection, as MoarVM does after its collections (the JDK trims on a timer,
 * `-XX:TrimNativeHeapInterval`): a full collection is when V8 frees the buffers of many answers,
 * the database driver's and compression's among them. On the embedded database a start compiles
 * PostgreSQL's WebAssembly, whose optimising compiler alone allocates ~600 MB at its peak; trimmed,
 * the server stood 35–50 MB lower once started and 40 MB lower during and after a probe's load, for
 * ~2.5 ms per full collection (docs/perf/search-plans.md, ninth round).
 */
export type Trim = () => boolean;

/**
 * `malloc_trim(0)` of the allocator the process runs on, or undefined where there is none (musl,
 * macOS, Windows) or koffi cannot load. True when it gave memory back.
 */
export async function loadMallocTrim(): Promise<Trim | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    // The process's own symbols: glibc's, as linked into node (musl has no malloc_trim: this throws).
    const trim = koffi.load(null).func('int malloc_trim(size_t pad)');
    return () => trim(0) === 1;
  } catch {
    return undefined;
  }
}

/** Runs `trim` after each full garbage collection, until the returned function stops it. */
export function trimAfterFullCollections(trim: Trim): () => void {
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some(
        (e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (full) trim();
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
