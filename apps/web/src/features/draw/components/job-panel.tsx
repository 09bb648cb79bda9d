import type { DrawRecord } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocalityDraw } from './locality-draw';
import { ResultView } from './result/result-view';

/**
 * The job shown on the drawing page: its result view and how it was drawn.
 * Its own chunk: a first visit shows the empty state and need not load the
 * result views and their icons.
 */
export default function JobPanel({ record, onAgain, busy }: { record: DrawRecord; onAgain: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <ResultView record={record} />
      <div className="draw-result__foot">
        <p className="draw-result__prompt small" title={record.prompt}>
          <span className="tag">{t(`draw.family.${record.family}`)}</span> {record.model} · {record.size}
          <span className="muted"> · {record.prompt}</span>
        </p>
        {(record.status === 'success' || record.status === 'failed' || record.status === 'cancelled') && <LocalityDraw onDraw={onAgain} disabled={busy} />}
      </div>
    </>
  );
}
