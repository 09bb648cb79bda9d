import { BulbOutlined, EditOutlined, FileSearchOutlined, MessageOutlined, PictureOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const ITEMS = [
  { key: 'chat', Icon: MessageOutlined },
  { key: 'writing', Icon: EditOutlined },
  { key: 'search', Icon: FileSearchOutlined },
  { key: 'reading', Icon: ReadOutlined },
  { key: 'drawing', Icon: PictureOutlined },
  { key: 'mindmap', Icon: BulbOutlined },
] as const;

/** What the product does (spec §1), as a description: no links to pages that do not exist yet. */
export function Capabilities() {
  const { t } = useTranslation();
  return (
    <ul className="capabilities">
      {ITEMS.map(({ key, Icon }) => (
        <li key={key} className="capability">
          <span className="capability__icon" aria-hidden="true">
            <Icon />
          </span>
          <div>
            <h3>{t(`home.cap.${key}.title`)}</h3>
            <p>{t(`home.cap.${key}.text`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
