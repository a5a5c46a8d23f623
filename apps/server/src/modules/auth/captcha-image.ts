import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * The captcha picture: a PNG drawn by Skia (@napi-rs/canvas) — there are no glyph outlines to read back, as there
 * were in an SVG. Each character gets its own face, size, slant, rotation and colour, the text is bent by a wave,
 * and lines and dots in the text's own colours cross it. A person reads it; a template matcher does not (see
 * captcha.test.ts, which runs one).
 */

/** No 0/O/o, 1/l/I/i, 2/Z/z, 5/S/s, 8/B, 9/g/q or u/v/w pairs that a tired student would mix up. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKLMNPRTXYadefhjkmnprtxy34679';
export const CAPTCHA_LENGTH = 4;
const WIDTH = 150;
const HEIGHT = 50;

/** DejaVu (free licence, from the dejavu-fonts-ttf package): four different shapes of every character. */
export const CAPTCHA_FACES = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed'] as const;
/** Skia is loaded on the first captcha, not at start-up (most installations never turn captchas on). */
let skia: Promise<typeof import('@napi-rs/canvas')> | undefined;
function loadSkia() {
  skia ??= import('@napi-rs/canvas').then((canvas) => {
    registerFonts(canvas.GlobalFonts);
    return canvas;
  });
  return skia;
}

function registerFonts(fonts: typeof import('@napi-rs/canvas').GlobalFonts): void {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const file of ['DejaVuSans-Bold', 'DejaVuSerif-Bold', 'DejaVuSansMono-Bold', 'DejaVuSansCondensed-Bold']) {
    fonts.registerFromPath(path.join(dir, `${file}.ttf`));
  }
}

const between = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;
const darkColour = () => `hsl(${randomInt(0, 360)}, ${randomInt(55, 85)}%, ${randomInt(22, 38)}%)`;

export function randomCaptchaText(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => pick([...CAPTCHA_ALPHABET])).join('');
}

/** Draws `text` (what the student types, case-insensitive) as a PNG. */
export async function drawCaptcha(text: string): Promise<Buffer> {
  const { createCanvas } = await loadSkia();
  const letters = createCanvas(WIDTH, HEIGHT);
  const ctx = letters.getContext('2d');
  const colours = drawLetters(ctx, text);

  // Bend the letters: each 2-pixel column slides up or down along a wave of random phase and length.
  const out = createCanvas(WIDTH, HEIGHT);
  const o = out.getContext('2d');
  const background = o.createLinearGradient(0, 0, WIDTH, HEIGHT);
  background.addColorStop(0, `hsl(${randomInt(0, 360)}, 60%, 95%)`);
  background.addColorStop(1, `hsl(${randomInt(0, 360)}, 60%, 92%)`);
  o.fillStyle = background;
  o.fillRect(0, 0, WIDTH, HEIGHT);
  const amplitude = between(2, 3.5);
  const wavelength = between(40, 70);
  const phase = between(0, Math.PI * 2);
  for (let x = 0; x < WIDTH; x += 2) {
    const dy = amplitude * Math.sin((x / wavelength) * Math.PI * 2 + phase);
    o.drawImage(letters, x, 0, 2, HEIGHT, x, dy, 2, HEIGHT);
  }
  drawNoise(o, colours);
  return out.toBuffer('image/png');
}

/** Each character in its own face, size, slant and colour; returns the colours used (the noise reuses them). */
function drawLetters(ctx: SKRSContext2D, text: string): string[] {
  const colours: string[] = [];
  const step = (WIDTH - 24) / text.length;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  [...text].forEach((ch, i) => {
    const colour = darkColour();
    colours.push(colour);
    ctx.save();
    ctx.translate(12 + step * i + step / 2 + between(-3, 3), HEIGHT / 2 + between(-3, 3));
    ctx.rotate(between(-0.35, 0.35));
    ctx.transform(1, 0, between(-0.25, 0.25), 1, 0, 0);
    ctx.scale(between(0.85, 1.15), between(0.9, 1.1));
    ctx.font = `bold ${randomInt(25, 30)}px "${pick(CAPTCHA_FACES)}"`;
    ctx.fillStyle = colour;
    ctx.fillText(ch, 0, 0);
    ctx.restore();
  });
  return colours;
}

/** Two curves through the text in the letters' colours, thin arcs and dots: they touch letters, so cuts fail. */
function drawNoise(ctx: SKRSContext2D, colours: string[]): void {
  for (let i = 0; i < 2; i++) {
    ctx.beginPath();
    ctx.moveTo(0, between(12, HEIGHT - 12));
    ctx.bezierCurveTo(
      between(20, 50),
      between(0, HEIGHT),
      between(80, 110),
      between(0, HEIGHT),
      WIDTH,
      between(12, HEIGHT - 12),
    );
    ctx.strokeStyle = pick(colours);
    ctx.lineWidth = between(1.2, 1.8);
    ctx.stroke();
  }
  for (let i = 0; i < 4; i++) {
    ctx.beginPath();
    ctx.arc(between(0, WIDTH), between(0, HEIGHT), between(6, 16), between(0, 3), between(3, 6));
    ctx.strokeStyle = pick(colours);
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  for (let i = 0; i < 90; i++) {
    ctx.fillStyle = i % 3 === 0 ? pick(colours) : `hsl(${randomInt(0, 360)}, 40%, ${randomInt(40, 80)}%)`;
    ctx.fillRect(between(0, WIDTH), between(0, HEIGHT), between(1, 2), between(1, 2));
  }
}
