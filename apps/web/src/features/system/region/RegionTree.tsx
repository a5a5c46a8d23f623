import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { REGION_ROOT, type TreeNode } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Result, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionLevelQuery, useRegionLevels } from '../../../components/useRegionLevels.ts';
import styles from './region.module.css';

interface Props {
  selected?: string;
  onSelect: (code: string) => void;
  /** Codes whose children are shown; the page opens a parent after adding below it. */
  expanded: string[];
  onExpand: (codes: string[]) => void;
  /** Offered in the header when the user may add a province. */
  onAddProvince?: () => void;
}

/** Marks where `text` occurs in a title. */
function highlight(title: string, text: string) {
  const at = title.indexOf(text);
  if (!text || at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      <mark className={styles.match}>{text}</mark>
      {title.slice(at + text.length)}
    </>
  );
}

/**
 * China's regions, one level fetched when it is first opened. The search looks through what has been loaded,
 * showing each match with the regions above it.
 */
export function RegionTree({ selected, onSelect, expanded, onExpand, onAddProvince }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // Every level opened at least once stays loaded (and searchable) when it is closed again.
  const [loaded, setLoaded] = useState<string[]>([]);
  const { levels, isLoading, isError } = useRegionLevels([...new Set([REGION_ROOT, ...loaded, ...expanded])]);
  const search = text.trim();

  const toNode = (n: TreeNode, children: TreeDataNode[] | undefined, isLeaf: boolean): TreeDataNode => ({
    key: n.value,
    title: highlight(n.title, search),
    isLeaf,
    children,
  });
  const build = (parent: string): TreeDataNode[] =>
    (levels.get(parent) ?? []).map((n) => toNode(n, levels.has(n.value) ? build(n.value) : undefined, !n.hasChildren));
  // While searching: the matches and the regions above them, opened; branches without a match are left out.
  const opened: Key[] = [];
  const matching = (parent: string): TreeDataNode[] =>
    (levels.get(parent) ?? []).flatMap((n) => {
      const below = matching(n.value);
      if (!n.title.includes(search) && !below.length) return [];
      if (below.length) opened.push(n.value);
      return [toNode(n, below, !below.length)];
    });
  const treeData = search ? matching(REGION_ROOT) : build(REGION_ROOT);

  const load = (code: string) => {
    setLoaded((codes) => (codes.includes(code) ? codes : [...codes, code]));
    return queryClient
      .fetchQuery(regionLevelQuery(code))
      .then(() => undefined)
      .catch(() => undefined);
  };

  /** The codes above `code` among the loaded levels, so a region picked from the search stays in view. */
  const above = (code: string): string[] => {
    for (const [parent, children] of levels) {
      if (parent !== REGION_ROOT && children.some((c) => c.value === code)) return [...above(parent), parent];
    }
    return [];
  };

  let body = (
    <Tree
      blockNode
      showLine
      treeData={treeData}
      selectedKeys={selected ? [selected] : []}
      expandedKeys={search ? opened : expanded}
      loadData={(node) => load(String(node.key))}
      onExpand={(keys) => !search && onExpand(keys.map(String))}
      onSelect={(keys, info) => {
        const code = String(info.node.key);
        if (search) onExpand([...new Set([...expanded, ...above(code)])]);
        // Clicking the picked region again keeps it picked.
        onSelect(keys.length ? String(keys[0]) : code);
      }}
    />
  );
  if (isError) body = <Result status="warning" title={t('crud.loadFailed')} />;
  else if (!treeData.length && !isLoading) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('region.noMatch') : t('crud.empty')} />;
  }

  return (
    <Card
      variant="borderless"
      className={styles.tree}
      title={
        <span>
          <EnvironmentOutlined /> {t('region.title')}
        </span>
      }
      extra={
        onAddProvince && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={onAddProvince}>
            {t('region.addProvince')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        placeholder={t('region.search')}
        title={t('region.searchHint')}
        aria-label={t('region.search')}
        onChange={(e) => setText(e.target.value)}
      />
      <Spin spinning={isLoading}>
        <div className={styles.treeBody}>{body}</div>
      </Spin>
    </Card>
  );
}
