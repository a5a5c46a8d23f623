import type { Locator } from '@playwright/test';

/** Ticks the node of a checkable tree whose key (menu id, scope id ...) is `key`; nodes render it as `data-key`. */
export async function tick(tree: Locator, key: string): Promise<void> {
  await tree.locator(`.ant-tree-treenode:has([data-key="${key}"]) .ant-tree-checkbox`).click();
}
