import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// 教务 (academic affairs): the org tree, import templates, class QR codes.
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

/** The link a QR code image on the page encodes (read from the pixels, as a phone camera would). */
export async function qrLink(image: Locator): Promise<string> {
  await expect(image).toBeVisible();
  const base64 = await image.evaluate(async (img: HTMLImageElement) => {
    const blob = await (await fetch(img.src)).blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code in the image');
  return code.data;
}
