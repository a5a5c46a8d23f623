import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../icons.tsx';
import { useOpenMenu } from '../useOpenMenu.ts';
import { useMenuSearch } from './MenuSearch.tsx';
import styles from './shell.module.css';

/** The top bar's search box: the same prefix search as the menu search panel, as a drop-down while typing. */
export function TopSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const openMenu = useOpenMenu();
  const hits = useMenuSearch(query);
  const options = query.trim()
    ? hits.slice(0, 12).map((hit) => ({
        value: hit.node.id,
        label: (
          <span className={styles.topSearchOption}>
            {menuIcon(hit.node.source)}
            <span>{hit.label}</span>
            {hit.groups.length > 0 && <small>{hit.groups.join(' / ')}</small>}
          </span>
        ),
      }))
    : [];

  return (
    <AutoComplete
      className={`${styles.topSearch} sx-top-search`}
      variant="borderless"
      value={query}
      options={options}
      onChange={(value) => setQuery(value)}
      onSelect={(id) => {
        const hit = hits.find((h) => h.node.id === id);
        setQuery('');
        if (hit) openMenu(hit.node);
      }}
      notFoundContent={query.trim() ? t('search.empty') : null}
      popupMatchSelectWidth={300}
      defaultActiveFirstOption
    >
      <Input
        size="small"
        variant="borderless"
        prefix={<SearchOutlined />}
        placeholder={t('search.box')}
        aria-label={t('search.box')}
      />
    </AutoComplete>
  );
}
