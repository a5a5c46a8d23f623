import { expect, type Locator, type Page } from '@playwright/test';

export interface CrudPageScope {
  /** The panel holding this CrudPage, when a screen has several (master–detail). */
  root?: Locator;
  /** The CrudPage's `name` prop: its field ids are `<name>Search_<field>` and `<name>Form_<field>`. */
  name?: string;
}

/** The generic CRUD page: search bar, toolbar, table and drawer. */
export class CrudPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly drawer: Locator;
  readonly confirmDialog: Locator;
  private readonly root: Locator | Page;
  private readonly searchForm: string;
  private readonly form: string;

  constructor(
    readonly page: Page,
    scope: CrudPageScope = {},
  ) {
    this.root = scope.root ?? page;
    this.searchForm = scope.name ? `${scope.name}Search` : 'search';
    this.form = scope.name ? `${scope.name}Form` : 'form';
    this.table = this.root.locator('.ant-table');
    this.rows = this.root.locator('tr.ant-table-row');
    // Every CrudPage keeps its drawer in the page; only the open one is visible.
    this.drawer = page.locator('.ant-drawer-section').filter({ visible: true });
    this.confirmDialog = page.locator('.ant-modal-confirm');
  }

  searchField(prop: string): Locator {
    return this.page.locator(`#${this.searchForm}_${prop}`);
  }

  formField(prop: string): Locator {
    return this.page.locator(`#${this.form}_${prop}`);
  }

  toolbarButton(text: string): Locator {
    return this.root.getByTestId('crud-toolbar').getByRole('button', { name: text });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /**
   * A row's action: its button in the row, or else the item of the row's 更多 menu, which is opened for it. Without
   * either, the (absent) button, so `toHaveCount(0)` reads naturally.
   */
  async rowAction(text: string, action: string): Promise<Locator> {
    const row = this.row(text);
    await row.first().waitFor();
    const inline = row.getByRole('button', { name: action });
    const more = row.getByRole('button', { name: /^(更多|More)$/ });
    if ((await inline.count()) > 0 || (await more.count()) === 0) return inline;
    await more.click();
    return this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action });
  }

  /** Runs a row's action, from the row or its 更多 menu. */
  async rowActionClick(text: string, action: string): Promise<void> {
    await (await this.rowAction(text, action)).click();
  }

  columnTitles(): Locator {
    return this.root.locator('.ant-table-thead th');
  }

  /** Whether a column's header is wholly in view: inside the table and clear of the pinned 操作 column. */
  async columnInView(title: string): Promise<boolean> {
    const header = await this.columnTitles().filter({ hasText: title }).boundingBox();
    const actions = await this.columnTitles()
      .filter({ hasText: /^(操作|Actions)$/ })
      .boundingBox();
    const table = await this.table.boundingBox();
    if (!header || !actions || !table) return false;
    return header.x >= table.x && header.x + header.width <= actions.x + 1;
  }

  /** The 更多 button of a row. */
  moreButton(text: string): Locator {
    return this.row(text).getByRole('button', { name: /^(更多|More)$/ });
  }

  /** Clicks a row on its text (not on a button in it), as a user picks it in a master–detail screen. */
  async pick(text: string): Promise<void> {
    await this.row(text).getByText(text, { exact: true }).click();
  }

  /** Deletes one row through its own 删除 button and the confirmation, and waits for the success message. */
  async removeRow(text: string, labels = { action: '删除', confirm: /确\s*定/, done: '删除成功' }): Promise<void> {
    await this.rowActionClick(text, labels.action);
    await this.confirmDialog.getByRole('button', { name: labels.confirm }).click();
    await expect(this.toast(labels.done)).toBeVisible();
  }

  async search(prop: string, value: string): Promise<void> {
    await this.searchField(prop).fill(value);
    await this.searchField(prop).press('Enter');
  }

  async select(text: string): Promise<void> {
    await this.row(text).locator('input[type=checkbox]').check();
  }

  drawerButton(name: RegExp): Locator {
    return this.drawer.locator('.ant-drawer-footer').getByRole('button', { name });
  }

  /** Picks `option` in the select (or tree select) of form field `prop`. */
  async choose(prop: string, option: string): Promise<void> {
    await this.formField(prop).click();
    await this.option(option).click();
  }

  /** An option of the open select or tree select dropdown, by its whole text. */
  option(text: string): Locator {
    const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-treenode')
      .filter({ hasText: exact });
  }

  /** A message toast; an earlier one with the same text may still be fading out. */
  toast(text: string): Locator {
    return this.page.locator('.ant-message').getByText(text).last();
  }
}
