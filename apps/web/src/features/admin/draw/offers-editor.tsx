import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, InputNumber, Space, Typography } from 'antd';
import type { DrawFamily } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRICE, familyDefaults, familySizes, mergeDefaults, modelsOf, offerProblems, type OfferRow } from './offers';

interface OffersEditorProps {
  family: DrawFamily;
  /** Models the channel answered in its last test (the "fill defaults" helper uses them). */
  testedModels: readonly string[];
  value?: OfferRow[];
  onChange?: (rows: OfferRow[]) => void;
  /** A row the server refused (from `offers.<n>.…`), highlighted. */
  badRow?: number | null;
}

/**
 * Rows of model × size × price (drawing counts a picture). Empty means the
 * family's defaults at one count a picture; "fill the family's defaults" adds
 * the missing rows for the models the channel has (or OpenAI's known ones),
 * keeping the prices already set.
 */
export function OffersEditor({ family, testedModels, value = [], onChange, badRow = null }: OffersEditorProps) {
  const { t } = useTranslation();
  const rows = value;
  const problems = offerProblems(rows);
  const set = (next: OfferRow[]) => onChange?.(next);
  const patch = (index: number, change: Partial<OfferRow>) => set(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const helperModels = testedModels.length > 0 ? testedModels : modelsOf(rows);
  const defaults = familyDefaults(family, helperModels);
  const sizeOptions = familySizes(family).map((size) => ({ value: size }));
  const modelOptions = [...new Set([...testedModels, ...modelsOf(rows)])].map((model) => ({ value: model }));

  return (
    <div className="draw-offers" data-testid="offers-editor">
      {rows.length === 0 && <p className="muted draw-offers__empty">{t('drawadmin.offers_empty')}</p>}
      {rows.map((row, index) => {
        const problem = problems.get(index);
        const bad = problem !== undefined || badRow === index;
        return (
          <div key={index} className={`draw-offers__row${bad ? ' is-bad' : ''}`} data-testid={`offer-row-${index}`}>
            <AutoComplete
              className="draw-offers__model"
              value={row.model}
              options={modelOptions}
              onChange={(model: string) => patch(index, { model })}
              status={problem === 'model_required' || problem === 'duplicate' ? 'error' : undefined}
            >
              <Input placeholder={t('drawadmin.offer_model')} aria-label={t('drawadmin.offer_model')} data-testid={`offer-model-${index}`} />
            </AutoComplete>
            <AutoComplete
              className="draw-offers__size"
              value={row.size}
              options={sizeOptions}
              onChange={(size: string) => patch(index, { size })}
              status={problem === 'size_invalid' ? 'error' : undefined}
            >
              <Input placeholder={family === 'yj' ? '1:1' : '1024x1024'} aria-label={t('drawadmin.offer_size')} data-testid={`offer-size-${index}`} />
            </AutoComplete>
            <InputNumber
              className="draw-offers__price"
              min={0}
              max={1000}
              precision={0}
              value={row.price}
              onChange={(price) => patch(index, { price: typeof price === 'number' ? price : null })}
              status={problem === 'price_invalid' ? 'error' : undefined}
              aria-label={t('drawadmin.offer_price')}
              suffix={t('drawadmin.per_picture')}
              data-testid={`offer-price-${index}`}
            />
            <Button type="text" danger icon={<DeleteOutlined />} onClick={() => set(rows.filter((_, i) => i !== index))} aria-label={t('common.delete')} />
            {problem && (
              <Typography.Text type="danger" className="draw-offers__problem">
                {t(`drawadmin.offer_problem.${problem}`)}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <Space wrap>
        <Button icon={<PlusOutlined />} onClick={() => set([...rows, { model: modelsOf(rows).at(-1) ?? '', size: '', price: DEFAULT_PRICE }])} data-testid="offer-add">
          {t('drawadmin.offer_add')}
        </Button>
        <Button icon={<ThunderboltOutlined />} disabled={defaults.length === 0} onClick={() => set(mergeDefaults(rows, defaults))} data-testid="offer-fill-defaults">
          {t('drawadmin.offer_fill')}
        </Button>
        {defaults.length === 0 && <span className="muted">{t('drawadmin.offer_fill_needs_models')}</span>}
      </Space>
    </div>
  );
}
