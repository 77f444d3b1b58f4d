/** A stand-in for the browser's EventSource: the test opens, feeds and fails it by hand. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private listeners = new Map<string, Array<(e: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends one event. */
  emit(type: string, data: unknown = {}) {
    this.emitRaw(type, JSON.stringify(data));
  }

  emitRaw(type: string, data: string) {
    if (type === 'ready') this.readyState = FakeEventSource.OPEN;
    const e = new MessageEvent(type, { data });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }

  /** The newest stream opened. */
  static get latest(): FakeEventSource {
    const s = FakeEventSource.all.at(-1);
    if (!s) throw new Error('no EventSource was opened');
    return s;
  }

  /** The connection fails: `gaveUp` as after a 401/429/503, else the browser retries by itself. */
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    for (const fn of this.listeners.get('error') ?? []) fn(new Event('error'));
  }

  static get open() {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
}
