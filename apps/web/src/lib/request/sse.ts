/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental SSE parser: feed it decoded text in arbitrary chunks (a network
 * read can split a line, or even a CRLF pair, anywhere) and it emits complete
 * events in order.
 */
export class SseParser {
  private buffer = '';
  private dataLines: string[] = [];
  private eventName = '';
  private lastId: string | undefined;
  private pendingCr = false;

  constructor(private readonly emit: (event: SseEvent) => void) {}

  feed(chunk: string): void {
    let text = chunk;
    // A CR at the end of the previous chunk may be the first half of CRLF.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** Flushes a final event that was not followed by a blank line. */
  end(): void {
    if (this.buffer) this.line(this.buffer);
    this.buffer = '';
    this.dispatch();
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
  }

  private dispatch(): void {
    if (this.dataLines.length === 0) {
      this.eventName = '';
      return;
    }
    const event: SseEvent = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.dataLines = [];
    this.eventName = '';
    this.emit(event);
  }
}
