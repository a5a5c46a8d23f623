import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuNode } from '@shixun/contracts';
import { Button, Card, Checkbox, Empty, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/icons.tsx';
import { searchMenu } from '../../../app/menu-nav.ts';
import { useOpenMenu } from '../../../app/useOpenMenu.ts';
import { MAX_SHORTCUTS } from '../../../stores/workbench.ts';
import styles from './workbench.module.css';

/** Picks the pinned pages from the menu: a checkbox list with the same search as the menu search. */
function ShortcutPicker({
  open,
  menu,
  pinned,
  onSave,
  onClose,
}: {
  open: boolean;
  menu: MenuNode[];
  pinned: string[];
  onSave: (paths: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>(pinned);
  const hits = useMemo(() => searchMenu(menu, query, t), [menu, query, t]);
  const full = chosen.length >= MAX_SHORTCUTS;

  return (
    <Modal
      title={t('workbench.pickTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => onSave(chosen)}
      afterOpenChange={(visible) => visible && setChosen(pinned)}
      destroyOnHidden
      width={560}
    >
      <Input.Search
        allowClear
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={styles.pickSearch}
      />
      <p className={styles.muted}>{t('workbench.pickHint', { max: MAX_SHORTCUTS, count: chosen.length })}</p>
      {hits.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
      ) : (
        <div className={styles.pickList}>
          {hits.map((hit) => {
            const checked = chosen.includes(hit.node.path);
            return (
              <Checkbox
                key={hit.node.id}
                checked={checked}
                disabled={!checked && full}
                onChange={(e) =>
                  setChosen((list) =>
                    e.target.checked ? [...list, hit.node.path] : list.filter((p) => p !== hit.node.path),
                  )
                }
              >
                {hit.label}
                {hit.groups.length > 0 && <span className={styles.muted}> · {hit.groups.join(' / ')}</span>}
              </Checkbox>
            );
          })}
        </div>
      )}
    </Modal>
  );
}

/** 常用功能: the pages this user pinned, one click away. */
export function Shortcuts({
  menu,
  pinned,
  onChange,
}: {
  menu: MenuNode[];
  pinned: string[];
  onChange: (paths: string[]) => void;
}) {
  const { t } = useTranslation();
  const openMenu = useOpenMenu();
  const [picking, setPicking] = useState(false);
  const leaves = useMemo(() => searchMenu(menu, '', t), [menu, t]);
  // A pinned page the user may no longer open (grants changed) simply does not show.
  const shown = pinned.map((path) => leaves.find((h) => h.node.path === path)).filter((h) => h !== undefined);

  return (
    <Card
      variant="borderless"
      title={t('workbench.shortcuts')}
      extra={
        shown.length > 0 && (
          <Button type="link" icon={<EditOutlined />} onClick={() => setPicking(true)}>
            {t('workbench.editShortcuts')}
          </Button>
        )
      }
    >
      {shown.length === 0 ? (
        <Empty description={t('workbench.noShortcuts')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('workbench.addShortcuts')}
          </Button>
        </Empty>
      ) : (
        <div className={styles.shortcuts}>
          {shown.map((hit) => (
            <button key={hit.node.id} type="button" className={styles.shortcut} onClick={() => openMenu(hit.node)}>
              <span className={styles.shortcutIcon}>{menuIcon(hit.node.source)}</span>
              <span>{hit.label}</span>
            </button>
          ))}
        </div>
      )}
      <ShortcutPicker
        open={picking}
        menu={menu}
        pinned={pinned}
        onClose={() => setPicking(false)}
        onSave={(paths) => {
          onChange(paths);
          setPicking(false);
        }}
      />
    </Card>
  );
}
