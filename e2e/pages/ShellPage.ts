import type { Locator, Page } from '@playwright/test';

export class ShellPage {
  readonly sidebar: Locator;
  readonly tabs: Locator;
  readonly userMenu: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.locator('.ant-layout-sider');
    this.tabs = page.locator('.ant-tabs-nav');
    this.userMenu = page.getByTestId('user-menu');
  }

  /** Open `item` under the sidebar group `group`, expanding the group when it is closed. */
  async openMenu(group: string, item: string): Promise<void> {
    const link = this.sidebar.getByRole('menuitem', { name: item });
    if (!(await link.isVisible())) await this.sidebar.getByRole('menuitem', { name: group }).click();
    await link.click();
  }

  async signOut(confirm: RegExp): Promise<void> {
    await this.userMenu.click();
    await this.page.locator('.ant-dropdown-menu-item-danger').click();
    await this.page.locator('.ant-modal-confirm').getByRole('button', { name: confirm }).click();
  }
}
