import type { Locator, Page } from '@playwright/test';

/** Things attached to page menus: the searchable menu tree on the left, the picked menu's records on the right. */
export class MenuMasterDetail {
  readonly master: Locator;
  readonly search: Locator;
  readonly tree: Locator;

  constructor(readonly page: Page) {
    this.master = page.getByTestId('menu-master');
    this.search = this.master.locator('input');
    this.tree = this.master.locator('.ant-tree');
  }

  menu(name: string): Locator {
    return this.tree.locator('.ant-tree-title').getByText(name, { exact: true });
  }

  async pick(name: string): Promise<void> {
    await this.menu(name).click();
  }

  /** The option of the open select dropdown with exactly this text. */
  option(text: string): Locator {
    return this.page.locator('.ant-select-dropdown:visible').getByText(text, { exact: true });
  }
}
