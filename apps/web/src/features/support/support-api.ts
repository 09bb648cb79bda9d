import type { SupportState, SupportStreamEvent } from '@xueba/contract';
import { api } from '@/lib/api';
import { request, stream } from '@/lib/request';

/** A visitor's support token (proof of a verified email), kept on this device only. */
const VISITOR_KEY = 'app_support_visitor';

export interface VisitorPass {
  token: string;
  email: string;
}

export function readVisitor(): VisitorPass | null {
  try {
    const raw = window.localStorage.getItem(VISITOR_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<VisitorPass>) : null;
    return parsed && typeof parsed.token === 'string' && typeof parsed.email === 'string' ? { token: parsed.token, email: parsed.email } : null;
  } catch {
    return null;
  }
}

export function saveVisitor(pass: VisitorPass | null): void {
  if (pass) window.localStorage.setItem(VISITOR_KEY, JSON.stringify(pass));
  else window.localStorage.removeItem(VISITOR_KEY);
}

export const fetchSupportState = (visitorToken?: string): Promise<SupportState> => request(api.supportState, { visitor_token: visitorToken }, { silent: true });
export const sendSupport = (body: { visitor_token?: string; conversation_id?: number; content: string; image?: string }) => request(api.supportSend, body);
export const readSupport = (conversationId: number, visitorToken?: string) => request(api.supportRead, { conversation_id: conversationId, visitor_token: visitorToken }, { silent: true, background: true });
export const sendVisitorCode = (email: string) => request(api.supportVisitorCode, { email });
export const verifyVisitor = (email: string, code: string) => request(api.supportVisitorVerify, { email, code });

/**
 * Follows a support stream until `signal` aborts, coming back after a drop
 * (a restarted server, a flaky network) with a growing pause; each (re)connect
 * starts with `ready`, after which the caller reads everything again.
 */
export async function followSupport(path: string, params: object, onEvent: (event: SupportStreamEvent) => void, signal: AbortSignal, onDown: (down: boolean) => void): Promise<void> {
  let pause = 1000;
  while (!signal.aborted) {
    try {
      await stream(path, {
        params,
        signal,
        silent: true,
        onMessage: (message) => {
          const event = JSON.parse(message.data) as SupportStreamEvent;
          if (event.type === 'ready') {
            pause = 1000;
            onDown(false);
          }
          onEvent(event);
        },
      });
    } catch {
      // Dropped or refused: wait and come back, unless the panel closed.
    }
    if (signal.aborted) return;
    onDown(true);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 30_000);
  }
}
