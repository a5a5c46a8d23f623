import type { Locator, Page } from '@playwright/test';

/** 个人信息 (/info/index): the profile and password tabs. */
export class InfoPage {
  readonly avatarInput: Locator;
  readonly avatarImage: Locator;

  constructor(readonly page: Page) {
    this.avatarInput = page.locator('input[type=file]');
    this.avatarImage = page.getByTestId('avatar-image').locator('img');
  }

  field(name: string): Locator {
    return this.page.locator(`#${name}`);
  }

  /** The validation message under a field. */
  fieldError(name: string): Locator {
    return this.page.locator(`#${name}_help`);
  }

  tab(name: string): Locator {
    // The shell's tag tabs are tabs too (one is named like the page).
    return this.page.locator('.ant-card').getByRole('tab', { name });
  }

  /** A button of the open tab (the other tab's are hidden, so not in the accessibility tree). */
  button(name: RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  async upload(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.avatarInput.setInputFiles({ name, mimeType, buffer });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message').getByText(text).last();
  }
}
