import type { Dict } from '@shixun/contracts';
import { Card, Col, Empty, Row } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictKind } from '../../api/system.ts';
import { localName } from '../../i18n/local-name.ts';
import { CrudPage } from '../CrudPage/index.tsx';
import styles from './dict.module.css';
import { dictOptionsByKind } from './options.tsx';

export type DictLayout = 'horizontal' | 'vertical';

interface Props {
  kind: DictKind;
  /** horizontal: dictionaries left, items right; vertical: dictionaries above, items below. */
  layout: DictLayout;
  /** Shown beside the dictionaries' heading (e.g. the switch between system and business dictionaries). */
  extra?: ReactNode;
}

/**
 * 字典管理 / 业务字典: the dictionaries, and the items of the one picked. One component for both kinds and both
 * layouts; the kind decides the API path and the permission prefix.
 */
export function DictManager({ kind, layout, extra }: Props) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Dict>();
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  const { parents, items } = dictOptionsByKind[kind];

  // The items side follows what happens to the picked dictionary: a rename shows at once, a removal clears it.
  const parentOption = useMemo(
    () => ({
      ...parents,
      api: {
        ...parents.api,
        submit: async (form: Parameters<typeof parents.api.submit>[0]) => {
          const saved = (await parents.api.submit(form)) as Dict;
          if (saved && saved.id === pickedRef.current?.id) setPicked(saved);
          return saved;
        },
        remove: async (ids: string[]) => {
          await parents.api.remove(ids);
          if (pickedRef.current && ids.includes(pickedRef.current.id)) setPicked(undefined);
        },
      },
    }),
    [parents],
  );

  const master = (
    <CrudPage
      option={parentOption}
      embedded
      heading={
        <div className={styles.heading}>
          <h3>{t('dict.parents')}</h3>
          {extra}
        </div>
      }
      onPick={setPicked}
      picked={picked?.id}
    />
  );
  const detail = picked ? (
    <CrudPage
      key={picked.id}
      name="item"
      option={items}
      embedded
      query={{ parentId: picked.id }}
      defaults={{ parentId: picked.id, code: picked.code }}
      heading={
        <div className={styles.heading}>
          <h3>{t('dict.itemsOf', { name: localName(picked.dictValue, picked.dictValueEn) })}</h3>
          <span className={styles.code}>{picked.code}</span>
        </div>
      }
    />
  ) : (
    <Card variant="borderless" className={styles.hint} data-testid="dict-pick-hint">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(layout === 'horizontal' ? 'dict.pickHintLeft' : 'dict.pickHintAbove')}
      />
    </Card>
  );

  if (layout === 'vertical') {
    return (
      <div className={styles.stack}>
        {master}
        {detail}
      </div>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        {master}
      </Col>
      <Col xs={24} xl={12}>
        {detail}
      </Col>
    </Row>
  );
}
