/** One server-sent event as a browser's EventSource would see it. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

/**
 * A test client for an event stream over a real socket (inject() waits for the end of a response,
 * which a stream never reaches). It records events and comment lines as they arrive; `next()` waits
 * for the next event, bounded by a time-out that fails the test with what did arrive.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** Resolves when the server ends the response (or the client aborts). */
  readonly ended: Promise<void>;
  private cursor = 0;
  private waiters: Array<() => void> = [];
  private done = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    this.ended = this.read().finally(() => {
      this.done = true;
      this.wake();
    });
  }

  /** Opens the stream; a non-200 answer is returned as `{ response }` with no client. */
  static async open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ response: Response; client?: SseClient }> {
    const abort = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    if (response.status !== 200) return { response };
    return { response, client: new SseClient(response, abort) };
  }

  get isEnded() {
    return this.done;
  }

  /** The next event not yet taken (of the given name, skipping others when one is given). */
  async next(event?: string, timeoutMs = 3000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.events.length) {
        const e = this.events[this.cursor++]!;
        if (!event || e.event === event) return e;
      }
      if (this.done) throw new Error(`stream ended before ${event ?? 'an event'}; got ${this.describe()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event ?? 'event'} within ${timeoutMs} ms; got ${this.describe()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until a comment line arrives (heartbeats). */
  async nextComment(timeoutMs = 3000): Promise<string> {
    const seen = this.comments.length;
    const deadline = Date.now() + timeoutMs;
    while (this.comments.length === seen) {
      if (this.done) throw new Error('stream ended before a comment');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no comment within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.comments[seen]!;
  }

  /** Events received and not yet taken. */
  pending(): SseEvent[] {
    return this.events.slice(this.cursor);
  }

  close() {
    this.abort.abort();
  }

  private describe() {
    return JSON.stringify(this.events.map((e) => `${e.event}${e.id ? `#${e.id}` : ''} ${e.data}`));
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async read() {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          this.parse(block);
        }
        this.wake();
      }
    } catch {
      // aborted by close()
    }
  }

  private parse(block: string) {
    const e: SseEvent = { event: 'message', data: '' };
    const data: string[] = [];
    let any = false;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      any = true;
      if (field === 'event') e.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') e.id = value;
      else if (field === 'retry') e.retry = Number(value);
    }
    if (!any) return;
    e.data = data.join('\n');
    this.events.push(e);
  }
}
