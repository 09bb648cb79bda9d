import { EditOutlined, FileSearchOutlined, MessageOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';

/**
 * What the product does, one card per feature that exists, each a link to it.
 * A feature joins this list when its page ships (and, where the admin can switch
 * it off, only while it is on): the home page never advertises what a visitor
 * cannot open.
 */
const ITEMS = [
  { key: 'chat', path: '/chat', Icon: MessageOutlined },
  { key: 'writing', path: '/create', Icon: EditOutlined },
  { key: 'search', path: '/academic_search', Icon: FileSearchOutlined },
  { key: 'reading', path: '/doc/manage', Icon: ReadOutlined },
] as const;

export function Capabilities() {
  const { t } = useTranslation();
  return (
    <ul className="capabilities" data-testid="capabilities">
      {ITEMS.map(({ key, path, Icon }) => (
        <li key={key}>
          <LocaleLink to={path} className="capability" data-testid={`capability-${key}`}>
            <span className="capability__icon" aria-hidden="true">
              <Icon />
            </span>
            <div>
              <h3>{t(`home.cap.${key}.title`)}</h3>
              <p>{t(`home.cap.${key}.text`)}</p>
            </div>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
