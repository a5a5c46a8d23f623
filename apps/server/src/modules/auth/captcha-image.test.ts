import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../core/kv/store.ts';
import { CAPTCHA_TTL_SECONDS, checkCaptcha, issueCaptcha } from './captcha.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_FACES, CAPTCHA_LENGTH, drawCaptcha, randomCaptchaText } from './captcha-image.ts';

/**
 * The attack that read the old SVG captcha 10 times out of 10 matched each glyph against the font's own glyphs.
 * A PNG has no glyph outlines, so here the same idea runs on pixels, with every advantage an attacker could have:
 * our alphabet, our exact faces, the number of characters and where each one sits. It must read plain renderings
 * of those faces (the control: the attack works) and must not read the captcha.
 */
const CELL_W = 16;
const CELL_H = 20;

type Ink = { width: number; height: number; at(x: number, y: number): boolean };

async function inkOf(png: Buffer): Promise<Ink> {
  const img: Image = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  const dark = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! < 150;
  };
  return { width: img.width, height: img.height, at: dark };
}

/** The ink inside a box, cropped to what it covers and sampled onto a CELL_W × CELL_H grid. */
function cell(ink: Ink, x0: number, x1: number): number[] | undefined {
  let [minX, minY, maxX, maxY] = [x1, ink.height, x0, 0];
  for (let y = 0; y < ink.height; y++) {
    for (let x = x0; x < x1; x++) {
      if (!ink.at(x, y)) continue;
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
  }
  if (maxX < minX) return undefined;
  const out: number[] = [];
  for (let cy = 0; cy < CELL_H; cy++) {
    for (let cx = 0; cx < CELL_W; cx++) {
      const x = Math.floor(minX + ((cx + 0.5) * (maxX - minX + 1)) / CELL_W);
      const y = Math.floor(minY + ((cy + 0.5) * (maxY - minY + 1)) / CELL_H);
      out.push(ink.at(x, y) ? 1 : 0);
    }
  }
  return out;
}

function similarity(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [num, da, db] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** Plain renderings: upright, black on white, one character per quarter — what the templates are cut from. */
function plain(text: string, face: string): Buffer {
  const canvas = createCanvas(150, 50);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 150, 50);
  ctx.fillStyle = '#000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold 28px "${face}"`;
  for (const [i, ch] of [...text].entries()) ctx.fillText(ch, 12 + ((150 - 24) / text.length) * (i + 0.5), 25);
  return canvas.toBuffer('image/png');
}

async function templates(): Promise<{ ch: string; cell: number[] }[]> {
  await drawCaptcha('warm'); // registers the faces
  const out: { ch: string; cell: number[] }[] = [];
  for (const face of CAPTCHA_FACES) {
    for (const ch of CAPTCHA_ALPHABET) {
      const ink = await inkOf(plain(ch, face));
      const c = cell(ink, 0, ink.width);
      if (c) out.push({ ch, cell: c });
    }
  }
  return out;
}

async function read(png: Buffer, known: { ch: string; cell: number[] }[]): Promise<string> {
  const ink = await inkOf(png);
  const step = (ink.width - 24) / CAPTCHA_LENGTH;
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    const c = cell(ink, Math.round(12 + step * i), Math.round(12 + step * (i + 1)));
    const best = c ? known.reduce((a, b) => (similarity(c, b.cell) > similarity(c, a.cell) ? b : a)) : undefined;
    text += best?.ch ?? '?';
  }
  return text;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

describe('captcha picture', () => {
  it('is a PNG: there are no glyph outlines to match against the font', async () => {
    const { image } = await issueCaptcha(new MemoryStore());
    const bytes = Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.toString('latin1')).not.toMatch(/<svg|<path|\bd="M/);
  });

  it('defeats glyph matching that reads plain renderings of the same faces', { timeout: 60_000 }, async () => {
    const known = await templates();
    const texts = Array.from({ length: 40 }, randomCaptchaText);
    let control = 0;
    for (const [i, text] of texts.entries()) {
      if (same(await read(plain(text, CAPTCHA_FACES[i % CAPTCHA_FACES.length]!), known), text)) control++;
    }
    expect(control, 'the attack itself works').toBeGreaterThanOrEqual(36);

    let solved = 0;
    let letters = 0;
    for (const text of texts) {
      const guess = await read(await drawCaptcha(text), known);
      if (same(guess, text)) solved++;
      letters += [...text].filter((ch, i) => same(ch, guess[i] ?? '')).length;
    }
    expect(solved, `captchas read (${letters} of ${texts.length * CAPTCHA_LENGTH} letters)`).toBeLessThanOrEqual(2);
  });
});

describe('captcha answers', () => {
  it('are short-lived, case-insensitive and good for one attempt only, right or wrong', async () => {
    const ttls: number[] = [];
    const store = new MemoryStore();
    const recording = Object.assign(Object.create(store), {
      set: (k: string, v: string, ttl: number) => {
        ttls.push(ttl);
        return store.set(k, v, ttl);
      },
    });
    const { key } = await issueCaptcha(recording);
    expect(ttls).toEqual([CAPTCHA_TTL_SECONDS]);
    expect(CAPTCHA_TTL_SECONDS).toBeLessThanOrEqual(300);
    const answer = (await store.get(`captcha:${key}`))!;
    expect(await checkCaptcha(store, key, 'nope')).toBe(false);
    expect(await checkCaptcha(store, key, answer), 'a wrong try used it up').toBe(false);

    const second = await issueCaptcha(store);
    const code = (await store.get(`captcha:${second.key}`))!;
    expect(await checkCaptcha(store, second.key, ` ${code.toUpperCase()} `)).toBe(true);
    expect(await checkCaptcha(store, second.key, code)).toBe(false);
  });
});
