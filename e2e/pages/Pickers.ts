import type { Locator, Page } from '@playwright/test';

/** antd pickers as a user drives them: open the field, then choose the visible option by its text. */
export class Pickers {
  constructor(readonly page: Page) {}

  /** A (tree) select: click the field, then the option in the dropdown that opened. */
  async choose(field: Locator, option: string): Promise<void> {
    await field.click();
    const dropdown = this.page.locator('.ant-select-dropdown:visible, .ant-tree-select-dropdown:visible').last();
    await dropdown.getByTitle(option, { exact: true }).first().click();
  }

  /** Tick the node of a checkable tree whose key (menu id, scope id ...) is `key`. */
  async tick(scope: Locator, key: string): Promise<void> {
    await scope.locator(`.ant-tree-treenode:has([data-key="${key}"]) .ant-tree-checkbox`).click();
  }
}
