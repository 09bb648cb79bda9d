import { Alert, Modal } from 'antd';
import type { ChatStreamEvent } from '@xueba/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { runAiStream } from '@/lib/ai-stream';

export type TestTarget = { model: string } | { channel_id: number; upstream_model?: string };

/**
 * Streams a short reply from a model or channel so the operator sees it work
 * (or the exact upstream error). Mounted per test (keyed), so each starts empty.
 */
export function AiTestModal({ target, onClose }: { target: TestTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    runAiStream<ChatStreamEvent>(
      api.adminAiTest,
      target,
      (event) => {
        if (event.type === 'delta') setText((s) => s + event.text);
        else if (event.type === 'start') setText((s) => s || '');
        else if (event.type === 'error') setError(event.msg || t(`msg.${event.code}`));
      },
      controller.signal,
    )
      .catch((e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => !controller.signal.aborted && setDone(true));
    return () => controller.abort();
  }, [target, t]);

  return (
    <Modal open title={t('aiadmin.test_title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="ai-test-output" data-done={done} style={{ whiteSpace: "pre-wrap", minHeight: 60, marginBottom: 12 }}>
        {text || (!error && !done ? t('chat.thinking') : '')}
      </div>
      {error && <Alert type="error" showIcon title={error} data-testid="ai-test-error" />}
    </Modal>
  );
}
