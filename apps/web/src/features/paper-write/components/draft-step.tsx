import type { PaperWriteDetail, PaperWriteOptions } from '@xueba/contract';
import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBox } from '@/lib/notify';
import type { WriteStream } from '../hooks/use-write-stream';
import { SectionPanel } from './section-panel';
import { SourceEntry } from './sources-step';

/**
 * Step 3: the sections in outline order beside the chosen one, and the
 * bibliography under them (the citation links scroll to its entries).
 */
export function DraftStep({ detail, options, writer, active, onActive }: { detail: PaperWriteDetail; options: PaperWriteOptions | undefined; writer: WriteStream; active: string | null; onActive: (key: string) => void }) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const onDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const sections = detail.drafts;
  const section = sections.find((s) => s.key === active) ?? sections.find((s) => !s.text.trim()) ?? sections[0];
  // The section shown is written into the URL at once, so it stays put when it gets text (and a reload opens it).
  const shown = section?.key ?? null;
  useEffect(() => {
    if (shown !== null && shown !== active) onActive(shown);
  }, [shown, active, onActive]);

  const choose = async (key: string) => {
    if (key === section?.key) return;
    if (dirty.current) {
      const ok = await confirmBox({ title: t('paperwrite.editor.unsaved'), content: t('paperwrite.draft.leave_confirm'), okText: t('common.confirm'), cancelText: t('common.cancel') });
      if (!ok) return;
    }
    dirty.current = false;
    onActive(key);
  };

  if (!section)
    return (
      <section className="pw-card">
        <p className="muted" data-testid="pw-draft-empty">
          {t('paperwrite.draft.no_sections')}
        </p>
      </section>
    );

  return (
    <>
      <div className="pw-draft">
        <nav className="pw-card" aria-label={t('paperwrite.draft.sections')}>
          <h2>{t('paperwrite.draft.sections')}</h2>
          <ol className="pw-toc" data-testid="pw-toc">
            {sections.map((s) => {
              const generating = s.status === 'generating' || (writer.busy && writer.state.section === s.key && writer.state.task === 'draft');
              const status = generating ? 'generating' : s.status;
              return (
                <li key={s.key} style={{ '--depth': s.level } as CSSProperties}>
                  <button type="button" className={s.key === section.key ? 'is-on' : ''} aria-current={s.key === section.key ? 'true' : undefined} onClick={() => void choose(s.key)} data-testid="pw-toc-item">
                    <span className="pw-toc__title">
                      {s.number} {s.heading}
                    </span>
                    <span className={`pw-status pw-status--${status}`} data-testid="pw-toc-status">
                      {t(`paperwrite.statuses.${status}`)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <SectionPanel key={section.key} detail={detail} section={section} options={options} writer={writer} onDirty={onDirty} />
      </div>
      <section className="pw-card" aria-labelledby="pw-refs-h">
        <h2 id="pw-refs-h">{t('paperwrite.refs.heading')}</h2>
        {detail.bibliography.length === 0 ? (
          <p className="muted">{t('paperwrite.sources.bibliography_empty')}</p>
        ) : (
          <ol className="pw-refs" data-testid="pw-references">
            {detail.bibliography.map((source) => (
              <SourceEntry key={source.id} source={source} total={detail.bibliography.length} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
