import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@shixun/contracts';
import { Empty, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/icons.tsx';
import { menuLabel, menuLeaves } from '../../../app/menu.ts';
import { type MenuHit, searchMenu } from '../../../app/menu-nav.ts';
import { useOpenMenu } from '../../../app/useOpenMenu.ts';
import { useAuth } from '../../../stores/auth.ts';
import styles from './zhuomian.module.css';

/** Tile colours, picked by the page's position so a desktop always looks the same. */
const TILE_COLORS = ['#409eff', '#36cfc9', '#9254de', '#f759ab', '#ff7a45', '#ffc53d', '#73d13d', '#597ef7'];

interface Section {
  key: string;
  title: string;
  icon: string;
  hits: MenuHit[];
}

/** Pages grouped under their top-level menu; pages at the top level share a last section ("其他"). */
function sections(menu: MenuNode[], hits: MenuHit[], other: string, label: (n: MenuNode) => string): Section[] {
  const result: Section[] = [];
  const loose: MenuHit[] = [];
  for (const top of menu) {
    if (!top.children?.length) {
      loose.push(...hits.filter((h) => h.node === top));
      continue;
    }
    const inside = new Set(menuLeaves(top.children));
    const mine = hits.filter((h) => inside.has(h.node));
    if (mine.length) result.push({ key: top.id, title: label(top), icon: top.source, hits: mine });
  }
  if (loose.length) result.push({ key: 'other', title: other, icon: '', hits: loose });
  return result;
}

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 10_000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className={styles.clock}>
      <strong>{now.format('HH:mm')}</strong>
      <span>
        {now
          .locale(i18n.language === 'en' ? 'en' : 'zh-cn')
          .format(i18n.language === 'en' ? 'dddd, MMMM D' : 'M月D日 dddd')}
      </span>
    </div>
  );
}

/**
 * 桌面 (/zhuomian): every page of the user's menu as an app tile, grouped like the sidebar, with a filter — a
 * launcher for people who prefer icons to a tree (and for a touch screen in a training room).
 */
export default function DesktopPage() {
  const { t } = useTranslation();
  const menu = useAuth((s) => s.menu);
  const openMenu = useOpenMenu();
  const user = useAuth((s) => s.user);
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchMenu(menu, query, t), [menu, query, t]);
  const groups = useMemo(() => sections(menu, hits, t('desktop.other'), (n) => menuLabel(n, t)), [menu, hits, t]);
  const order = useMemo(() => searchMenu(menu, '', t).map((h) => h.node.id), [menu, t]);

  return (
    <div className={styles.desktop}>
      <header className={styles.top}>
        <Clock />
        <div className={styles.greeting}>{t('desktop.greeting', { name: user?.name ?? '' })}</div>
        <Input
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('desktop.filter')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={styles.filter}
          aria-label={t('desktop.filter')}
        />
      </header>
      {groups.length === 0 ? (
        <Empty className={styles.empty} description={query ? t('search.empty') : t('wel.noLinks')} />
      ) : (
        groups.map((section) => (
          <section key={section.key} className={styles.section} aria-label={section.title}>
            <h3>
              {section.icon && menuIcon(section.icon)} {section.title}
            </h3>
            <div className={styles.tiles}>
              {section.hits.map((hit) => (
                <button key={hit.node.id} type="button" className={styles.tile} onClick={() => openMenu(hit.node)}>
                  <span
                    className={styles.tileIcon}
                    style={{ background: TILE_COLORS[order.indexOf(hit.node.id) % TILE_COLORS.length] }}
                  >
                    {menuIcon(hit.node.source)}
                  </span>
                  <span className={styles.tileLabel}>{hit.label}</span>
                </button>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
