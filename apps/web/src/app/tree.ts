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

/** The nodes whose title (or a descendant's) contains the text, case-insensitive, with the path to them kept. */
export function filterTree<T extends { title: string; children?: T[] }>(nodes: T[], text: string): T[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    return n.title.toLowerCase().includes(text.toLowerCase()) || children.length ? [{ ...n, children }] : [];
  });
}

/** Every node's id, parents and children alike. */
export function treeIds<T extends { id: string; children?: T[] }>(nodes: T[]): string[] {
  return nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);
}
