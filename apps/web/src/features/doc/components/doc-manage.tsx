import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Pagination, Segmented } from 'antd';
import { DOC_TYPES, type DocItem, type DocType } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { useIsNarrow } from '@/hooks/use-narrow';
import { docListQuery, docQuotaQuery } from '../api/doc-api';
import { useDocAccess } from '../hooks/use-doc-access';
import { DocTable } from './doc-table';
import { NotMember } from './member-gate';
import { QuotaBar } from './quota-bar';
import { UploadPanel } from './upload-panel';

const PAGE_SIZE = 20;

export function docTypeParam(value: string | null): DocType {
  return (DOC_TYPES as readonly string[]).includes(value ?? '') ? (value as DocType) : 'research_report';
}

/**
 * The document list of spec §2: type tabs, storage and membership time,
 * upload, search, statuses that follow the server, and several documents
 * picked to be asked together.
 */
export function DocManage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const narrow = useIsNarrow();
  const [params, setParams] = useSearchParams();
  const type = docTypeParam(params.get('type'));
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const access = useDocAccess(type);
  const quota = useQuery(docQuotaQuery);
  const list = useQuery(docListQuery({ type, keyword: search, page, pageSize: PAGE_SIZE }));
  const reader = embedded ? '/components/doc-detail' : narrow ? '/doc/h5' : null;
  const openPath = (doc: DocItem) => (reader ? `${reader}?id=${doc.id}` : `/doc/details?id=${doc.id}`);

  const switchType = (next: DocType) => {
    setSelected([]);
    setPage(1);
    setParams(
      (p) => {
        p.set('type', next);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <div className="doc-manage" data-testid="doc-manage">
      <div className="doc-manage__head">
        <Segmented<DocType>
          value={type}
          onChange={switchType}
          options={DOC_TYPES.map((d) => ({ value: d, label: <span data-testid={`doc-tab-${d}`}>{t(`doc.type.${d}`)}</span> }))}
        />
        {quota.data && <QuotaBar quota={quota.data} />}
      </div>
      {/* Without the membership the list stays (a lapsed member keeps control of their files); uploading and asking need it. */}
      {!access.allowed && !access.loading ? <NotMember type={type} /> : <UploadPanel type={type} />}
      <div className="doc-manage__toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('doc.manage.search')}
          aria-label={t('doc.manage.search')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (!e.target.value) {
              setSearch('');
              setPage(1);
            }
          }}
          onPressEnter={() => {
            setSearch(keyword.trim());
            setPage(1);
          }}
          data-testid="doc-search"
          style={{ maxWidth: 320 }}
        />
        <Button
          type="primary"
          icon={<MessageOutlined />}
          disabled={selected.length === 0 || !access.allowed}
          onClick={() => navigate(reader ? `${reader}?ids=${selected.join(',')}` : `/doc/chat?ids=${selected.join(',')}`)}
          data-testid="doc-ask-selected"
        >
          {t('doc.manage.ask_selected', { count: selected.length })}
        </Button>
      </div>
      {list.isError && (
        <p className="doc-manage__error" role="alert">
          {list.error.message}
        </p>
      )}
      <DocTable docs={list.data?.lists ?? []} loading={list.isPending} selected={selected} onSelect={setSelected} openPath={openPath} />
      {(list.data?.count ?? 0) > PAGE_SIZE && (
        <Pagination className="doc-manage__pager" current={page} pageSize={PAGE_SIZE} total={list.data?.count ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </div>
  );
}
