import type { Locator, Page } from '@playwright/test';

/** The rich-text editor (components/RichEditor) inside a form field. */
export class RichEditor {
  readonly root: Locator;
  readonly text: Locator;

  constructor(
    readonly page: Page,
    within: Locator,
  ) {
    this.root = within.getByTestId('rich-editor');
    this.text = this.root.locator('.ProseMirror');
  }

  tool(name: string): Locator {
    return this.root.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  /** A paste as the browser delivers it, with an HTML and a plain-text flavour. */
  async paste(html: string, plain = html): Promise<void> {
    await this.text.evaluate(
      (el, data) => {
        const transfer = new DataTransfer();
        transfer.setData('text/html', data.html);
        transfer.setData('text/plain', data.plain);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      },
      { html, plain },
    );
  }
}
