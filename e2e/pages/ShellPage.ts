import { expect, type Locator, type Page } from '@playwright/test';

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
    // An item's accessible name is its icon's name and its text: match the end, so 'Dictionaries' is not also
    // 'Business dictionaries'.
    const named = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const link = this.sidebar.getByRole('menuitem', { name: named(item) });
    if (!(await link.isVisible())) await this.sidebar.getByRole('menuitem', { name: named(group) }).click();
    await link.click();
    // The page arrives in a transition: until the breadcrumb names it, the previous page is still the one shown
    // (and clickable).
    await expect(this.page.locator('.ant-breadcrumb li').last()).toHaveText(item);
  }

  async signOut(confirm: RegExp): Promise<void> {
    await this.userMenu.click();
    await this.page.locator('.ant-dropdown-menu-item-danger').click();
    await this.page.locator('.ant-modal-confirm').getByRole('button', { name: confirm }).click();
  }
}
