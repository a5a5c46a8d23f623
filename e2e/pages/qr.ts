import { expect, type Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

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
