import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { roleApi } from '../../api/system.ts';
import { CheckTree } from '../CheckTree.tsx';

/** The drawer control of a package's `menuIds`: every page and button, ticked as the package holds them. */
export function PackageMenus({ value, onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  // The platform superuser's grant tree is the whole menu tree, buttons included.
  const tree = useQuery({ queryKey: ['role', 'grant-tree'], queryFn: roleApi.grantTree });
  if (tree.isLoading) return <Spin />;
  const nodes = tree.data?.menu ?? [];
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <CheckTree treeData={nodes} value={value} onChange={onChange} withParents maxHeight="50vh" />;
}
