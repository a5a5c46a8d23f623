import type { TreeProps } from 'antd';
import { useState } from 'react';

/**
 * A tree where everything starts open, and so does a node added later; only what the user closes stays closed
 * (antd's defaultExpandAll opens the first load only, so a new child would appear under a closed parent).
 */
export function useOpenTree(ids: Iterable<string>): Pick<TreeProps, 'expandedKeys' | 'onExpand'> {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  return {
    expandedKeys: [...ids].filter((id) => !closed.has(id)),
    onExpand: (_keys, info) => {
      const next = new Set(closed);
      if (info.expanded) next.delete(String(info.node.key));
      else next.add(String(info.node.key));
      setClosed(next);
    },
  };
}
