import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileExt } from '@shixun/contracts';
import { fileTypeFromFile } from 'file-type';

/** Legacy Office files are OLE containers; which one is told by the stream its directory names (UTF-16LE). */
const CFB_STREAMS: [Buffer, FileExt][] = [
  [Buffer.from('WordDocument', 'utf16le'), 'doc'],
  [Buffer.from('Workbook', 'utf16le'), 'xls'],
  [Buffer.from('Book\u0000', 'utf16le'), 'xls'],
  [Buffer.from('PowerPoint Document', 'utf16le'), 'ppt'],
];

/** What file-type calls the kinds we accept, when its name differs from ours. */
const ALIASES: Record<string, FileExt> = { jpg: 'jpg', asf: 'wma' };

/**
 * The kind of a stored file from its bytes alone — the name it was uploaded with is never consulted. Null for
 * anything we do not accept (an .exe called slides.pdf, HTML, SVG, archives ...).
 */
export async function sniffFile(path: string): Promise<FileExt | null> {
  const found = await fileTypeFromFile(path);
  if (found) {
    if (found.ext === 'cfb') return legacyOffice(path);
    // ASF is Windows Media; only its audio flavour (WMA) is one of ours.
    if (found.ext === 'asf') return found.mime.startsWith('audio/') ? 'wma' : null;
    const ext = (ALIASES[found.ext] ?? found.ext) as FileExt;
    return ACCEPTED.has(ext) ? ext : null;
  }
  return (await isPlainText(path)) ? 'txt' : null;
}

const ACCEPTED = new Set<string>([
  'jpg',
  'png',
  'gif',
  'webp',
  'mp3',
  'wav',
  'mp4',
  'webm',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
]);

/** Scans the container for the name of its main stream (directory sectors can be anywhere in the file). */
async function legacyOffice(path: string): Promise<FileExt | null> {
  const overlap = 64;
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    for (const [name, ext] of CFB_STREAMS) if (window.includes(name)) return ext;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return null;
}

/** Markup a browser would run or render: uploaded as "text", it is still refused. */
const MARKUP = /^(\uFEFF)?\s*<(!doctype|html|head|body|script|svg|\?xml|iframe|object)\b/i;

/**
 * Text: the first 64 KB hold no NUL and no control characters other than tab, line breaks, form feed and escape,
 * and it does not open as HTML, SVG or XML. UTF-8 and the GBK family both pass; binary formats do not.
 */
async function isPlainText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    if (bytesRead === 0) return false;
    for (let i = 0; i < bytesRead; i++) {
      const b = buf[i]!;
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) return false;
      if (b === 0x7f) return false;
    }
    return !MARKUP.test(buf.subarray(0, Math.min(bytesRead, 1024)).toString('latin1'));
  } finally {
    await handle.close();
  }
}
