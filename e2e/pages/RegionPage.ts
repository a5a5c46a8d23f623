import type { Locator, Page } from '@playwright/test';

/** 行政区划: the lazy tree on the left, the picked region's form on the right. */
export class RegionPage {
  readonly tree: Locator;
  readonly search: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.tree = page.locator('.ant-tree');
    this.search = page.locator('.ant-input-search input');
    this.panel = page.locator('.ant-card').filter({ has: page.locator('form#region') });
  }

  node(name: string): Locator {
    return this.tree.locator('.ant-tree-treenode').filter({
      has: this.page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }),
    });
  }

  /** Open a node's children (loaded from the server on first opening). */
  async expand(name: string): Promise<void> {
    await this.node(name).locator('.ant-tree-switcher').click();
  }

  async pick(name: string): Promise<void> {
    await this.node(name).locator('.ant-tree-title').click();
  }

  field(prop: string): Locator {
    return this.page.locator(`#region_${prop}`);
  }

  button(name: RegExp): Locator {
    return this.panel.getByRole('button', { name });
  }
}
