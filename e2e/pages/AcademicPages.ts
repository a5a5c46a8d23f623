import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';

// 教务 (academic affairs): the org tree and import templates.
/** The school → grade → class tree beside the class and student tables. */
export class OrgTree {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page
      .locator('.ant-card')
      .filter({ has: page.locator('[data-org]') })
      .first();
  }

  /** Picks the node with this title (unique in the tree), or with this id (`{ key }`). */
  async pick(node: string | { key: string }): Promise<void> {
    const target =
      typeof node === 'string'
        ? this.root.locator('[data-org]').getByText(node, { exact: true })
        : this.root.locator(`[data-key="${node.key}"]`);
    await target.click();
  }
}

/** Downloads the import template through its button, fills `rows` under its header, returns the new file's path. */
export async function fillTemplate(page: Page, button: Locator, rows: string[][]): Promise<string> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const template = await (await downloading).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(template)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  sheet.spliceRows(2, 1);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(tmpdir(), `shixun-import-${Date.now()}.xlsx`);
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
}
