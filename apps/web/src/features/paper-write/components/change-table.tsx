import type { PaperWriteProposal } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** The polish proposal's changes as the polish template shows them: before, after, why. */
export function ChangeTable({ changes }: { changes: PaperWriteProposal['changes'] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="muted small">{t('paperwrite.draft.polish_none')}</p>;
  return (
    <div className="pw-table-wrap">
      <table className="pw-changes" data-testid="pw-changes">
        <caption className="sr-only">{t('paperwrite.draft.changes')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('paperwrite.draft.change_before')}</th>
            <th scope="col">{t('paperwrite.draft.change_after')}</th>
            <th scope="col">{t('paperwrite.draft.change_reason')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                <del>{c.original}</del>
              </td>
              <td>
                <ins>{c.revised}</ins>
              </td>
              <td>{c.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
