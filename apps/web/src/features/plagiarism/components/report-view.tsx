import type { PlagiarismReport } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { percent, runsOf, type Run } from '../lib/runs';

function Runs({ runs }: { runs: Run[] }) {
  return (
    <>
      {runs.map((r) =>
        r.kind === 'plain' ? (
          <span key={r.start}>{r.text}</span>
        ) : (
          <mark key={r.start} className={`plag-${r.kind}`} data-testid={`plag-${r.kind}`}>
            {r.text}
          </mark>
        ),
      )}
    </>
  );
}

/** A source's title, linked when the link is a page of this site. */
function SourceTitle({ title, link }: { title: string; link: string | null }) {
  return link && link.startsWith('/') && !link.startsWith('//') ? (
    <LocaleLink to={link} target="_blank" rel="noopener">
      {title}
    </LocaleLink>
  ) : (
    <span>{title}</span>
  );
}

function Stat({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={`plag-stat${strong ? ' plag-stat--strong' : ''}`}>
      <span className="plag-stat__value" data-testid={testId}>
        {value}
      </span>
      <span className="plag-stat__label">{label}</span>
    </div>
  );
}

/** The report as CNKI's users read it: the ratios, the sources, each section, every passage beside its source, and the full text marked. */
export function ReportView({ text, report }: { text: string; report: PlagiarismReport }) {
  const { t } = useTranslation();
  const red = report.passages.filter((p) => !p.quoted).flatMap((p) => p.marks);
  return (
    <div className="plag-report" data-testid="plag-report">
      <section className="plag-stats" aria-label={t('plagiarism.report.total')}>
        <Stat label={t('plagiarism.report.total')} value={percent(report.total_ratio)} testId="plag-ratio-total" strong />
        <Stat label={t('plagiarism.report.quotes')} value={percent(report.ratio_excluding_quotes)} testId="plag-ratio-quotes" />
        <Stat label={t('plagiarism.report.references')} value={percent(report.ratio_excluding_references)} testId="plag-ratio-references" />
        <Stat label={t('plagiarism.report.largest')} value={percent(report.largest_source_ratio)} testId="plag-ratio-largest" />
        <Stat label={t('plagiarism.report.chars')} value={String(report.chars)} testId="plag-chars" />
        <Stat label={t('plagiarism.report.copied')} value={String(report.copied_chars)} testId="plag-copied" />
      </section>
      {report.only_references && <p className="plag-note">{t('plagiarism.report.only_refs')}</p>}
      <p className="muted small">{t('plagiarism.report.corpus_size', { candidates: report.candidates, corpus: report.corpus_size })}</p>

      <section className="card plag-section">
        <h2>{t('plagiarism.report.sources')}</h2>
        {report.sources.length === 0 ? (
          <p className="muted">{t('plagiarism.report.no_sources')}</p>
        ) : (
          <ol className="plag-sources">
            {report.sources.map((s, i) => (
              <li key={i} data-testid="plag-source">
                <SourceTitle title={s.title} link={s.link} />
                <span className="plag-tag">{t(`plagiarism.report.kind.${s.kind}`)}</span>
                <span className="plag-bar" aria-hidden="true">
                  <span style={{ width: `${Math.min(100, s.ratio * 100)}%` }} />
                </span>
                <strong>{percent(s.ratio)}</strong>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card plag-section">
        <h2>{t('plagiarism.report.sections')}</h2>
        <table className="plag-table">
          <tbody>
            {report.sections.map((s, i) => (
              <tr key={i} data-testid="plag-section">
                <td>{s.title || t('plagiarism.report.front')}</td>
                <td className="muted">{s.chars}</td>
                <td>
                  <span className="plag-bar" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, s.ratio * 100)}%` }} />
                  </span>
                </td>
                <td>
                  <strong>{percent(s.ratio)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card plag-section">
        <h2>{t('plagiarism.report.passages')}</h2>
        <Legend />
        {report.passages.map((p, i) => {
          const src = report.sources[p.source]!;
          return (
            <article key={i} className="plag-passage" data-testid="plag-passage">
              <div className="plag-passage__side">
                <h3>
                  {i + 1}. {t('plagiarism.report.checked')}
                  {p.quoted && <span className="plag-tag plag-tag--green">{t('plagiarism.report.quoted')}</span>}
                  {p.in_references && <span className="plag-tag">{t('plagiarism.report.in_refs')}</span>}
                </h3>
                <p className="plag-text">
                  <Runs runs={runsOf(text, p.start, p.end, p.quoted ? [] : p.marks, p.quoted ? [[p.start, p.end]] : [])} />
                </p>
              </div>
              <div className="plag-passage__side">
                <h3>
                  {t('plagiarism.report.source')}: <SourceTitle title={src.title} link={src.link} />
                </h3>
                <p className="plag-text">
                  <Runs runs={runsOf(p.source_text, 0, p.source_text.length, p.source_marks, [])} />
                </p>
              </div>
            </article>
          );
        })}
      </section>

      <section className="card plag-section">
        <h2>{t('plagiarism.report.full_text')}</h2>
        <Legend />
        <div className="plag-text plag-full" data-testid="plag-full-text">
          <Runs runs={runsOf(text, 0, text.length, red, report.quotes)} />
        </div>
      </section>
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <p className="plag-legend small">
      <mark className="plag-red">{t('plagiarism.report.legend_red')}</mark> <mark className="plag-green">{t('plagiarism.report.legend_green')}</mark>
    </p>
  );
}
