import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toTreeData, useMenuPages } from './MenuTree.tsx';

/** A page-menu picker for drawer forms, with menu names in the UI's language; `label` is the field's catalog key. */
export function MenuSelect({ label, ...props }: TreeSelectProps & { label: string }) {
  const { t } = useTranslation();
  const pages = useMenuPages();
  const treeData = useMemo(() => toTreeData(pages.data ?? [], t), [pages.data, t]);
  return (
    <TreeSelect
      {...props}
      placeholder={t('crud.selectPlaceholder', { label: t(label) })}
      loading={pages.isLoading}
      treeData={treeData}
      fieldNames={{ label: 'title', value: 'key', children: 'children' }}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
    />
  );
}
