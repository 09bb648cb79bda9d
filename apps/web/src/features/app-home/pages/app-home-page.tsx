import '../app-home.css';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  EditOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PictureOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { billingLabel } from '@/components/model-select';
import { useChatModels } from '@/lib/ai-models';
import { useSiteConfig } from '@/lib/site-config';
import { drawOptionsQuery, lowestPrice } from '@/features/draw/api/draw-options';

interface AppCard {
  key: string;
  icon: ReactNode;
  /** null: the administrator has switched the tool off (shown with why, not as a link into a closed page). */
  to: string | null;
  cost: string;
}

function Card({ card }: { card: AppCard }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="app-card__icon" aria-hidden="true">
        {card.icon}
      </span>
      <span className="app-card__text">
        <span className="app-card__name">{t(`apphome.cards.${card.key}.name`)}</span>
        <span className="app-card__desc">{t(`apphome.cards.${card.key}.desc`)}</span>
        <span className={`app-card__cost${card.to ? '' : ' is-off'}`} data-testid={`app-card-cost-${card.key}`}>
          {card.cost}
        </span>
      </span>
    </>
  );
  return card.to ? (
    <LocaleLink to={card.to} className="app-card" data-testid={`app-card-${card.key}`}>
      {body}
    </LocaleLink>
  ) : (
    <div className="app-card app-card--off" aria-disabled="true" data-testid={`app-card-${card.key}`}>
      {body}
    </div>
  );
}

/** `/app`: the app area's tools with what each costs (spec §2, layout off). */
export default function AppHomePage() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const draw = useQuery(drawOptionsQuery);
  const models = useChatModels();
  const chatModel = models.data?.lists.find((m) => m.key === models.data?.default) ?? models.data?.lists[0];
  const chatCost = chatModel ? billingLabel(chatModel, t) : t('apphome.cost_loading');

  const drawPrice = draw.data ? (draw.data.enabled ? lowestPrice(draw.data) : null) : undefined;
  const drawCost =
    drawPrice === undefined ? (draw.isError ? t('apphome.cost_unknown') : t('apphome.cost_loading')) : drawPrice === null ? t('msg.drawing_disabled') : t('apphome.draw_cost', { count: drawPrice });

  const create: AppCard[] = [
    { key: 'drawing', icon: <PictureOutlined />, to: '/app/drawing', cost: drawCost },
    { key: 'square', icon: <AppstoreOutlined />, to: config.draw_square_config.is_open ? '/app/square' : null, cost: config.draw_square_config.is_open ? t('apphome.free') : t('msg.square_disabled') },
    { key: 'qrcode', icon: <QrcodeOutlined />, to: '/app/qrcode', cost: t('apphome.qrcode_cost') },
    { key: 'mind_map', icon: <NodeIndexOutlined />, to: config.mindmap_config.is_open ? '/app/mind_map' : null, cost: config.mindmap_config.is_open ? t('apphome.mindmap_cost', { count: config.mindmap_config.free_per_day }) : t('msg.mindmap_closed') },
  ];
  const tools: AppCard[] = [
    { key: 'chat', icon: <MessageOutlined />, to: '/chat', cost: chatCost },
    { key: 'create', icon: <EditOutlined />, to: '/create', cost: chatCost },
    { key: 'doc', icon: <FileTextOutlined />, to: '/doc/manage', cost: t('apphome.doc_cost') },
    { key: 'search', icon: <FileSearchOutlined />, to: '/academic_search', cost: t('apphome.search_cost') },
    { key: 'writing', icon: <FormOutlined />, to: '/paper/write', cost: t('apphome.writing_cost') },
    { key: 'plagiarism', icon: <FileProtectOutlined />, to: '/paper/check', cost: t('apphome.check_cost') },
  ];

  return (
    <div className="page app-home" data-testid="app-home">
      <header className="app-home__head">
        <BgColorsOutlined className="app-home__mark" aria-hidden="true" />
        <div>
          <h1>{t('apphome.title')}</h1>
          <p className="muted">{t('apphome.intro')}</p>
        </div>
      </header>
      <section aria-labelledby="app-home-create">
        <h2 id="app-home-create" className="app-home__section">
          {t('apphome.section_create')}
        </h2>
        <div className="app-cards">
          {create.map((c) => (
            <Card key={c.key} card={c} />
          ))}
        </div>
      </section>
      <section aria-labelledby="app-home-tools">
        <h2 id="app-home-tools" className="app-home__section">
          {t('apphome.section_tools')}
        </h2>
        <div className="app-cards">
          {tools.map((c) => (
            <Card key={c.key} card={c} />
          ))}
        </div>
      </section>
      <p className="muted small app-home__note">{t('apphome.members_note')}</p>
    </div>
  );
}
