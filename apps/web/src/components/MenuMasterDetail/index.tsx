import type { MenuTreeRow } from '@shixun/contracts';
import { Alert, Card, Empty } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../app/menu.ts';
import { MenuTree } from './MenuTree.tsx';
import styles from './menu-detail.module.css';

export { MenuSelect } from './MenuSelect.tsx';

interface Props {
  /** One sentence telling the administrator what the things on this page do. */
  intro: string;
  /** Shown on the right until a menu is picked. */
  hint: string;
  /** What belongs to the picked menu (e.g. a CrudPage filtered by it), given the menu and its name in the UI. */
  children: (menu: MenuTreeRow, label: string) => ReactNode;
}

/**
 * Things attached to page menus, as Saber's 数据权限 / 接口权限 pages show them: the page menus on the left, what
 * the picked one holds on the right.
 */
export function MenuMasterDetail({ intro, hint, children }: Props) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<MenuTreeRow>();
  return (
    <div className={styles.page}>
      <Alert type="info" showIcon title={intro} />
      <div className={styles.body}>
        <Card variant="borderless" title={t('menuDetail.menus')} className={styles.master} size="small">
          <MenuTree picked={picked?.id} onPick={setPicked} />
        </Card>
        <div className={styles.detail}>
          {picked ? (
            children(picked, menuLabel(picked, t))
          ) : (
            <Card variant="borderless" className={styles.placeholder}>
              <Empty description={hint} />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
