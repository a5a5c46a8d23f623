import JSZip from 'jszip';
import mammoth from 'mammoth';
import { IMPORT_MAX_UNZIPPED } from '../../../core/excel/sheet.ts';
import { looksLikeZip, unzipsWithin } from '../../../core/files/zip.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { IMPORT_MAX_QUESTIONS } from './fields.ts';
import { formulaSourcesOf } from './formula-sources.ts';
import type { ParsedQuestion, PictureSink } from './types.ts';
import { equationsToPlaceholders } from './word-math.ts';
import { parseWordHtml } from './word-parse.ts';

/**
 * Reads a .docx question bank laid out as LAYOUT.md describes. Pictures go to `pictures` as they are met; Word
 * equations become `$latex$`. Refuses (400) what is not a .docx, a document without questions and more than
 * IMPORT_MAX_QUESTIONS.
 */
export async function readWord(file: Buffer, pictures: PictureSink): Promise<ParsedQuestion[]> {
  const html = await docxToHtml(file, pictures);
  const questions = parseWordHtml(html);
  if (questions.length === 0) throw badRequest('question.import.empty');
  const count = questions.reduce((n, q) => n + 1 + q.draft.children.length, 0);
  if (count > IMPORT_MAX_QUESTIONS) throw badRequest('question.import.tooMany', { max: IMPORT_MAX_QUESTIONS });
  return questions;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/x-emf': 'emf',
  'image/x-wmf': 'wmf',
};

async function docxToHtml(file: Buffer, pictures: PictureSink): Promise<string> {
  // The size check runs before any parser sees the archive: a zip bomb is refused, not unpacked.
  if (!looksLikeZip(file) || !unzipsWithin(file, IMPORT_MAX_UNZIPPED)) throw badRequest('question.import.file');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw badRequest('question.import.file');
  }
  const document = zip.file('word/document.xml');
  if (!document) throw badRequest('question.import.file');
  const { xml, restore } = equationsToPlaceholders(await document.async('string'), await formulaSourcesOf(zip));
  zip.file('word/document.xml', xml);
  const prepared = await zip.generateAsync({ type: 'nodebuffer' });

  let count = 0;
  // A storage failure is the caller's to see as such, not "this is not a Word file".
  let saveError: unknown;
  const convertImage = mammoth.images.imgElement(async (image) => {
    count++;
    const contentType = image.contentType || 'application/octet-stream';
    try {
      const bytes = await image.readAsBuffer();
      return { src: await pictures.save(bytes, contentType, `picture-${count}.${EXTENSIONS[contentType] ?? 'bin'}`) };
    } catch (e) {
      saveError ??= e;
      return { src: '' };
    }
  });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: prepared },
      // Underline and strike-through are kept (mammoth drops them by default): blanks are often underlined.
      { convertImage, styleMap: ['u => u', 'strike => s'] },
    );
    html = result.value;
  } catch {
    throw badRequest('question.import.file');
  }
  if (saveError) throw saveError;
  return restore(html);
}
