import '@/styles/ai.css';
import { CopyOutlined, LeftOutlined, PauseOutlined, WarningOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BalanceDialog } from '@/components/balance-dialog';
import { LocaleLink } from '@/components/locale-link';
import { Markdown } from '@/components/markdown/markdown';
import { ModelSelect } from '@/components/model-select';
import { storePluginModel, storedPluginModel, useChatModels } from '@/lib/ai-models';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/notify';
import { isBalanceRefusal, type RequestError } from '@/lib/request';
import { useTemplates } from '../api/templates';
import { CreationHistory } from '../components/creation-history';
import { TemplateForm } from '../components/template-form';
import { useProduce } from '../hooks/use-produce';

/** `/create/produce?id=`: a template's form, its streamed output and its history (sign-in required, active path /create). */
export default function ProducePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const templates = useTemplates();
  const template = templates.data?.lists.find((tpl) => tpl.id === id);
  const [balanceMessage, setBalanceMessage] = useState<string | null>(null);
  const onRefused = useCallback(
    (error: RequestError) => {
      if (isBalanceRefusal(error)) setBalanceMessage(error.message);
      else if (error.code !== -1) toast.error(error.message || t('chat.stream_failed'));
    },
    [t],
  );
  const { state, produce, stop, show } = useProduce(onRefused);
  const models = useChatModels();
  const [picked, setPicked] = useState<string | null>(() => storedPluginModel());
  const list = models.data?.lists ?? [];
  const model = list.some((m) => m.key === picked) ? (picked ?? undefined) : undefined;
  const generating = state.status === 'generating';

  return (
    <div className="page" data-testid="produce-page">
      <div className="toolbar">
        <LocaleLink to="/create" className="link-btn">
          <LeftOutlined aria-hidden="true" /> {t('create.back')}
        </LocaleLink>
      </div>
      {templates.isSuccess && !template && <p className="msg__error">{t('create.not_found')}</p>}
      {template && (
        <div className="produce">
          <TemplateForm key={template.id} template={template} busy={generating} onSubmit={(fields) => void produce(template.id, fields, model ?? template.model ?? undefined)} />
          <div className="page">
            <section className="panel output" aria-live="polite" data-testid="produce-output">
              <div className="output__head">
                <h2>{t('create.output')}</h2>
                {list.length > 0 && !template.model && (
                  <ModelSelect
                    models={list}
                    value={model ?? models.data?.default ?? list[0]?.key ?? ''}
                    label={t('ai.plugin_model')}
                    testId="plugin-model-picker"
                    disabled={generating}
                    onChange={(key) => {
                      setPicked(key);
                      storePluginModel(key);
                    }}
                  />
                )}
                {generating ? (
                  <button type="button" className="btn btn--outline" onClick={() => void stop()} data-testid="produce-stop">
                    <PauseOutlined aria-hidden="true" /> {t('chat.stop')}
                  </button>
                ) : (
                  state.text && (
                    <button type="button" className="icon-btn" onClick={() => void copyText(state.text, t('msg.copied'), t('msg.copy_failed'))} aria-label={t('chat.copy')} title={t('chat.copy')} data-testid="produce-copy">
                      <CopyOutlined />
                    </button>
                  )
                )}
              </div>
              {state.offline && <p className="msg__offline">{t('chat.offline_badge')}</p>}
              {state.status === 'idle' && <p className="muted">{t('create.output_empty')}</p>}
              {generating && !state.text && <p className="muted">{t('create.hint_10s')}</p>}
              {state.text && (
                <div data-testid="produce-text" data-status={state.status}>
                  <Markdown text={state.text} />
                </div>
              )}
              {state.status === 'stopped' && <p className="msg__note">{t('chat.stopped')}</p>}
              {state.status === 'failed' && (
                <p className="msg__error" role="alert" data-testid="produce-error">
                  <WarningOutlined aria-hidden="true" /> {state.error}
                </p>
              )}
            </section>
            <CreationHistory
              templateId={template.id}
              onView={(c) => show({ text: c.output, status: c.status === 'generating' ? 'stopped' : c.status, error: c.error ? t(`msg.${c.error}`) : null, sources: [], offline: c.model === 'offline', creationId: c.id })}
            />
          </div>
        </div>
      )}
      <BalanceDialog message={balanceMessage} onClose={() => setBalanceMessage(null)} />
    </div>
  );
}
