import { CrownOutlined } from '@ant-design/icons';
import type { DocType } from '@xueba/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useDocAccess } from '../hooks/use-doc-access';

/** Spec §6: reading needs the matching membership; without it, the spec's sentence and the way to become one. */
export function NotMember({ type }: { type: DocType }) {
  const { t } = useTranslation();
  return (
    <div className="doc-gate" role="alert" data-testid="doc-not-member">
      <CrownOutlined className="doc-gate__icon" aria-hidden="true" />
      <p className="doc-gate__text">{t('msg.not_member')}</p>
      <p className="doc-gate__kind">{t('doc.gate.needs', { kind: t(`members.kind.${type}`) })}</p>
      <LocaleLink to={`/doc/openvip?type=${type}`} className="btn btn--primary" data-testid="doc-become-member">
        {t('doc.gate.become')}
      </LocaleLink>
    </div>
  );
}

export function MemberGate({ type, children }: { type: DocType; children: ReactNode }) {
  const access = useDocAccess(type);
  if (access.loading) return null;
  return access.allowed ? <>{children}</> : <NotMember type={type} />;
}
