import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly account: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly demoAccounts: Locator;

  constructor(readonly page: Page) {
    this.account = page.locator('#username');
    this.password = page.locator('#password');
    this.submit = page.locator('button[type=submit]');
    this.error = page.getByRole('alert');
    this.demoAccounts = page.locator('section[aria-label]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.account.waitFor();
  }

  async signIn(account: string, password: string): Promise<void> {
    await this.account.fill(account);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  /**
   * `label` is the language's own name: 中文 or English. The login page shows every language as a button; the
   * signed-in pages have a menu behind the 文A button.
   */
  async switchLanguage(label: '中文' | 'English'): Promise<void> {
    if (new URL(this.page.url()).pathname === '/login') {
      const button = this.page.getByRole('button', { name: label, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      return;
    }
    await this.page.locator('button:has(.anticon-translation)').click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }
}
