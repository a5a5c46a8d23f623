import type { Locator, Page } from '@playwright/test';

/** The 预览 dialog (components/FilePreview). */
export class FilePreview {
  readonly dialog: Locator;
  readonly body: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('file-preview') });
    this.body = this.dialog.getByTestId('file-preview');
  }

  async close(): Promise<void> {
    await this.dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭|Close/ })
      .click();
  }
}
