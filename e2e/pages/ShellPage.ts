import { expect, type Locator, type Page } from '@playwright/test';

export class ShellPage {
  readonly sidebar: Locator;
  readonly tabs: Locator;
  readonly userMenu: Locator;
  readonly header: Locator;
  /** The tag tabs' labels, in order. */
  readonly tabLabels: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.locator('.ant-layout-sider');
    this.tabs = page.locator('.ant-tabs-nav');
    this.userMenu = page.getByTestId('user-menu');
    this.header = page.locator('.sx-header');
    this.tabLabels = page.locator('.sx-tabs').getByTestId('tab-label');
  }

  /** The tag tab named `label` (its closing cross and right-click menu live here). */
  tab(label: string): Locator {
    return this.page
      .locator('.sx-tabs .ant-tabs-tab')
      .filter({ has: this.page.getByTestId('tab-label').getByText(label, { exact: true }) });
  }

  /** Right-clicks a tag tab and picks an item of its menu. */
  async tabMenu(label: string, item: string): Promise<void> {
    await this.tab(label).getByTestId('tab-label').click({ button: 'right' });
    await this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: item }).click();
  }

  /** The menu at the end of the tab bar. */
  async tabBarMenu(item: string): Promise<void> {
    await this.page.getByTestId('tab-menu').click();
    await this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: item }).click();
  }

  /** A computed style of an element, e.g. the sidebar's background. */
  style(locator: Locator, property: string): Promise<string> {
    return locator.evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
  }

  /** Picks a skin in the theme drawer and closes it. */
  async chooseTheme(name: string): Promise<void> {
    await this.page.getByTestId('theme-button').click();
    await this.page.locator(`[data-theme-name="${name}"]`).click();
    await this.page
      .locator('.ant-drawer')
      .getByRole('button', { name: /Close|关闭/ })
      .click();
  }

  /** Open `item` under the sidebar group `group`, expanding the group when it is closed. */
  async openMenu(group: string, item: string): Promise<void> {
    // An item's accessible name is its icon's name and its text: match the end, so 'Dictionaries' is not also
    // 'Business dictionaries'.
    const named = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    // The group's own state says whether it is open: the item's visibility does not while the menu re-renders (a
    // language switch), and clicking an open group closes it.
    const groupItem = this.sidebar.getByRole('menuitem', { name: named(group) });
    if ((await groupItem.getAttribute('aria-expanded')) !== 'true') await groupItem.click();
    await this.sidebar.getByRole('menuitem', { name: named(item) }).click();
    // The page arrives in a transition: until the breadcrumb names it, the previous page is still the one shown
    // (and clickable).
    await expect(this.page.locator('.ant-breadcrumb li').last()).toHaveText(item);
  }

  async signOut(confirm: RegExp): Promise<void> {
    await this.userMenu.click();
    await this.page.locator('.ant-dropdown:visible .ant-dropdown-menu-item-danger').click();
    await this.page.locator('.ant-modal-confirm').getByRole('button', { name: confirm }).click();
  }
}
