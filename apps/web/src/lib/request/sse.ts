import { createParser } from 'eventsource-parser';

/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseReader {
  /** Decoded text in arbitrary chunks: a network read can split a line, or a CRLF pair, anywhere. */
  feed: (chunk: string) => void;
  /** The body ended: a last event not followed by a blank line is still delivered. */
  end: () => void;
}

/**
 * Incremental SSE reading on `eventsource-parser`, with the browser's
 * EventSource defaults the callers rely on: an unnamed event is `message`, and
 * the last id seen carries over to later events.
 */
export function createSseReader(emit: (event: SseEvent) => void): SseReader {
  let lastId: string | undefined;
  const parser = createParser({
    onEvent: (message) => {
      if (message.id !== undefined) lastId = message.id;
      const event: SseEvent = { event: message.event || 'message', data: message.data };
      if (lastId !== undefined) event.id = lastId;
      emit(event);
    },
  });
  return {
    feed: (chunk) => parser.feed(chunk),
    // Two line ends complete a half-sent last line and dispatch its event; after a clean end they add nothing.
    end: () => parser.feed('\n\n'),
  };
}
