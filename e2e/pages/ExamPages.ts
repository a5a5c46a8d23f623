import { expect, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';

/** A small PNG picture (a solid block), as a teacher would put in a question's stem. */
export function pngPicture(width = 48, height = 32): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([220, 60, 40, 255], i);
  return PNG.sync.write(png);
}

/** The student's exam page (`/paper/exam/:id`): a focused page with its own header, outside the shell. */
export class ExamScreen {
  readonly root: Locator;
  readonly header: Locator;
  /** The one-per-screen pager's position: 第 3–4 / 5 题. */
  readonly position: Locator;
  readonly sheet: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('exam-page');
    this.header = this.root.locator('header').first();
    this.position = page.getByTestId('exam-position');
    this.sheet = page.getByTestId('answer-sheet');
  }

  async goto(attemptId: string): Promise<void> {
    await this.page.goto(`/paper/exam/${attemptId}`);
    await expect(this.root).toBeVisible({ timeout: 60_000 });
  }

  /** 逐题 (one question per screen), from the header's switch. */
  async onePerScreen(): Promise<void> {
    await this.header.getByText(/逐题|One/).click();
    await expect(this.position).toBeVisible();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: /下一题|Next/ }).click();
  }

  /** Everything the paper displays has been fetched and kept on this device. */
  async kept(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-kept', 'yes', { timeout: 60_000 });
  }

  /** 交卷 from the header, confirmed. */
  async handIn(): Promise<void> {
    await this.header.getByRole('button', { name: /交\s*卷|Submit/ }).click();
    await this.page.getByRole('button', { name: /确认交卷|Submit now/ }).click();
    await expect(this.page.getByTestId('exam-submitted')).toBeVisible();
  }
}
