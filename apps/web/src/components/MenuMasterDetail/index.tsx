import type { MenuTreeRow } from '@shixun/contracts';
import { Alert, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { menuLabel } from '../../app/menu.ts';
import { type CrudOption, CrudPage } from '../CrudPage/index.tsx';
import { MenuTree } from './MenuTree.tsx';
import styles from './menu-detail.module.css';

export { MenuSelect } from './MenuSelect.tsx';

interface Props<T, S extends z.ZodObject> {
  /** Records that belong to a page menu through their `menuId`. */
  option: CrudOption<T, S>;
  /** Catalog key of one sentence telling the administrator what these records do. */
  intro: string;
  /** Catalog key of the hint shown on the right until a menu is picked. */
  hint: string;
  /** Catalog key of the list's heading; `{{menu}}` is the picked menu's name. */
  heading: string;
}

/**
 * Records attached to page menus, as Saber's 数据权限 / 接口权限 pages show them: the page menus on the left, the
 * picked menu's records on the right (listed with `menuId`, and new ones start under that menu).
 */
export function MenuMasterDetail<T extends object, S extends z.ZodObject>({
  option,
  intro,
  hint,
  heading,
}: Props<T, S>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<MenuTreeRow>();
  return (
    <div className={styles.page}>
      <Alert type="info" showIcon title={t(intro)} />
      <div className={styles.body}>
        <Card variant="borderless" title={t('menuDetail.menus')} className={styles.master} size="small">
          <MenuTree picked={picked?.id} onPick={setPicked} />
        </Card>
        <div className={styles.detail}>
          {picked ? (
            <CrudPage
              // Another menu starts from its first page with nothing selected.
              key={picked.id}
              option={option}
              query={{ menuId: picked.id }}
              defaults={{ menuId: picked.id }}
              heading={
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {t(heading, { menu: menuLabel(picked, t) })}
                </Typography.Title>
              }
            />
          ) : (
            <Card variant="borderless" className={styles.placeholder}>
              <Empty description={t(hint)} />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
