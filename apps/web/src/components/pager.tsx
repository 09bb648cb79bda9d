import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';

/** Small pager; pressing past either end says so (spec §5) instead of doing nothing. */
export function Pager({ page, total, pageSize, onChange }: { page: number; total: number; pageSize: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('common.prev_page')}
        onClick={() => (page <= 1 ? toast.info(t('common.first_page')) : onChange(page - 1))}
      >
        <LeftOutlined />
      </button>
      <span>{t('common.page_of', { page, pages })}</span>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('common.next_page')}
        onClick={() => (page >= pages ? toast.info(t('common.last_page')) : onChange(page + 1))}
      >
        <RightOutlined />
      </button>
    </nav>
  );
}
