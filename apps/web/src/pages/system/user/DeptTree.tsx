import { ApartmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi } from '../../../api/system.ts';
import { filterTree, treeIds } from '../../../app/tree.ts';
import { useOpenTree } from '../../../app/useOpenTree.ts';

/** The depts of the tenant; picking one narrows the user list to it, picking it again shows everyone. */
export function DeptTree({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { data, isLoading } = useQuery({ queryKey: ['options', 'dept-tree'], queryFn: deptApi.tree });
  const treeData = useMemo(() => filterTree(data ?? [], text.trim()), [data, text]);
  const open = useOpenTree(useMemo(() => treeIds(data ?? []), [data]));
  return (
    <Card
      variant="borderless"
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('user.allDepts')}
        </span>
      }
      extra={
        value ? (
          <Button type="link" size="small" onClick={() => onChange(undefined)}>
            {t('crud.reset')}
          </Button>
        ) : null
      }
      style={{ height: '100%' }}
    >
      <Input.Search placeholder={t('user.deptSearch')} allowClear onChange={(e) => setText(e.target.value)} />
      <Spin spinning={isLoading}>
        {treeData.length ? (
          <Tree
            style={{ marginTop: 8 }}
            blockNode
            {...open}
            treeData={treeData}
            fieldNames={{ title: 'title', key: 'key', children: 'children' }}
            selectedKeys={value ? [value] : []}
            onSelect={(keys) => onChange(keys[0] ? String(keys[0]) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />
        )}
      </Spin>
    </Card>
  );
}
