import type { TreeNode } from '@shixun/contracts';

/**
 * Ids of the nodes with nothing below them: what a checkable tree really holds (a parent's tick follows from its
 * children, so only leaves are set and saved).
 */
export function leafIds(nodes: TreeNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: TreeNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children);
      else out.add(n.id);
    }
  };
  walk(nodes);
  return out;
}
