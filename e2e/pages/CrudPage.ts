import type { Locator, Page } from '@playwright/test';

/** The generic CRUD page: search bar, toolbar, table and drawer. */
export class CrudPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly drawer: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('.ant-table');
    this.rows = page.locator('tr.ant-table-row');
    this.drawer = page.locator('.ant-drawer-section');
    this.confirmDialog = page.locator('.ant-modal-confirm');
  }

  searchField(prop: string): Locator {
    return this.page.locator(`#search_${prop}`);
  }

  formField(prop: string): Locator {
    return this.page.locator(`#form_${prop}`);
  }

  toolbarButton(text: string): Locator {
    return this.page.getByTestId('crud-toolbar').getByRole('button', { name: text });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  rowAction(text: string, action: string): Locator {
    return this.row(text).getByRole('button', { name: action });
  }

  columnTitles(): Locator {
    return this.page.locator('.ant-table-thead th');
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

  toast(text: string): Locator {
    return this.page.locator('.ant-message').getByText(text);
  }
}
