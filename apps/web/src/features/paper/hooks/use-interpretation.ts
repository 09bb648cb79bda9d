import type { PaperInterpretEvent } from '@xueba/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';
import { interpretPaper } from '../api/interpret-paper';

export interface InterpretSection {
  section: string;
  title: string;
  text: string;
}

export interface InterpretState {
  status: 'idle' | 'streaming' | 'done' | 'error';
  byModel: boolean | null;
  notice: string | null;
  sections: InterpretSection[];
  error: string | null;
}

const IDLE: InterpretState = { status: 'idle', byModel: null, notice: null, sections: [], error: null };

/** Folds one stream event into the state (pure, so the order rules are testable). */
export function reduceInterpret(state: InterpretState, event: PaperInterpretEvent): InterpretState {
  switch (event.type) {
    case 'start':
      return { ...state, byModel: event.by_model, notice: event.notice };
    case 'section':
      return { ...state, sections: [...state.sections, { section: event.section, title: event.title, text: '' }] };
    case 'delta': {
      const sections = [...state.sections];
      const last = sections[sections.length - 1];
      // A delta always belongs to the section opened last; one for a section never opened starts it untitled.
      if (last && last.section === event.section) sections[sections.length - 1] = { ...last, text: last.text + event.text };
      else sections.push({ section: event.section, title: '', text: event.text });
      return { ...state, sections };
    }
    case 'done':
      return { ...state, status: 'done' };
    case 'error':
      return { ...state, status: 'error', error: event.msg };
  }
}

/**
 * Runs the AI interpretation stream for one paper on demand. Leaving the page
 * (or starting again) aborts the running stream.
 */
export function useInterpretation(id: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<InterpretState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  // The caller keys the component by paper id, so state never carries over to another paper.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ ...IDLE, status: 'streaming' });
    const fail = (message: string) => setState((s) => ({ ...s, status: 'error', error: message }));
    interpretPaper(
      id,
      (event) => {
        if (abort.signal.aborted) return;
        if (event) setState((s) => (s.status === 'streaming' ? reduceInterpret(s, event) : s));
        // A message we cannot read is reported, not dropped: the text would silently miss a part.
        else fail(t('paper.interpret_bad_event'));
      },
      abort.signal,
    ).then(
      () => {
        if (!abort.signal.aborted) setState((s) => (s.status === 'streaming' ? { ...s, status: s.sections.length > 0 ? 'done' : 'error', error: s.sections.length > 0 ? null : t('paper.interpret_empty') } : s));
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        fail(isRequestError(error) && error.message ? error.message : t('errors.server_error'));
      },
    );
  }, [id, t]);

  const stop = useCallback(() => {
    controller.current?.abort();
    setState((s) => (s.status === 'streaming' ? { ...s, status: s.sections.length > 0 ? 'done' : 'idle' } : s));
  }, []);

  return { state, start, stop };
}
