// Test-only stand-ins for the browser's network objects, driven by the tests.

/** An EventSource the test drives: `emit` sends a `job` event, `fail` breaks the stream. */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners: ((event: MessageEvent<unknown>) => void)[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void) {
    if (type === 'job') this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  emit(job: object) {
    for (const listener of this.listeners) listener(new MessageEvent('job', { data: JSON.stringify(job) }));
  }
  fail() {
    this.onerror?.();
  }
}

/** An XMLHttpRequest the test answers: records what was sent, reports progress, then a status. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(): string | null {
    return null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
