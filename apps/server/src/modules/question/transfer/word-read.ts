import path from 'node:path';
import { FILE_KINDS, IMPORT_MAX_QUESTIONS } from '@shixun/contracts';
import type JSZip from 'jszip';
import mammoth from 'mammoth';
import { parseXml } from '../../../core/docx/xml-node.ts';
import { findSoffice } from '../../../core/files/soffice.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { formulaSourcesOf } from './formula-sources.ts';
import { convertMetafiles, metafileKey } from './metafile-png.ts';
import { FileRefused, type OfficePackage, openOfficeFile } from './office-file.ts';
import { imageExtOf, metafileExtOf } from './pictures.ts';
import type { ParsedQuestion, PictureSink } from './types.ts';
import { EMPHASIS_STYLE_MAP, emphasisAsStyle } from './word-emphasis.ts';
import { equationsToPlaceholders } from './word-math.ts';
import { parseWordHtml } from './word-parse.ts';

/**
 * Reads a .docx question bank laid out as LAYOUT.md describes. Pictures go to `pictures` as they are met, by the
 * type their bytes show; WMF/EMF pictures (MathType formulas) as PNG, converted by LibreOffice (`soffice`: the
 * `SOFFICE` setting as the server reads it, config.ts; null when there is none) — a question with one that could
 * not be converted says so (question.import.metafile). Word equations become `$latex$`. Refuses (400) what is not a
 * whole .docx within the import's limits (office-file.ts), a picture or object the document refers to but the file
 * lacks, a document without questions and more than IMPORT_MAX_QUESTIONS.
 */
export async function readWord(
  file: Buffer | OfficePackage,
  pictures: PictureSink,
  soffice: string | null = findSoffice(process.env.SOFFICE),
): Promise<ParsedQuestion[]> {
  const { kind, zip } = Buffer.isBuffer(file) ? await openOfficeFile(file, 'docx') : file;
  if (kind !== 'docx') throw new FileRefused('docx', 'noMainPart', { part: DOCUMENT });
  const html = await docxToHtml(zip, pictures, soffice);
  const questions = parseWordHtml(html);
  if (questions.length === 0) throw badRequest('question.import.empty');
  const count = questions.reduce((n, q) => n + 1 + q.draft.children.length, 0);
  if (count > IMPORT_MAX_QUESTIONS) throw badRequest('question.import.tooMany', { max: IMPORT_MAX_QUESTIONS });
  for (const q of questions) {
    if (JSON.stringify(q.draft).includes(LOST_METAFILE)) q.problems.push({ key: 'question.import.metafile' });
  }
  return questions;
}

/**
 * Where a metafile that could not be converted was: a picture no one can show, which the sanitiser drops (it is
 * not one of our files), and which marks its question.
 */
const LOST_METAFILE = 'about:blank#formula-picture-';

const DOCUMENT = 'word/document.xml';
const DOCUMENT_RELS = 'word/_rels/document.xml.rels';

async function docxToHtml(zip: JSZip, pictures: PictureSink, soffice: string | null): Promise<string> {
  const documentXml = await zip.file(DOCUMENT)!.async('string');
  await checkReferences(zip, documentXml);
  // Before mammoth, which hands pictures over one at a time: one LibreOffice run for all of them.
  const metafiles = await convertMetafiles(zip, soffice);
  const { xml, restore } = equationsToPlaceholders(documentXml, await formulaSourcesOf(zip));
  zip.file(DOCUMENT, emphasisAsStyle(xml));
  const prepared = await zip.generateAsync({ type: 'nodebuffer' });

  let count = 0;
  // A storage failure is the caller's to see as such, not "this is not a Word file".
  let saveError: unknown;
  const convertImage = mammoth.images.imgElement(async (image) => {
    let bytes: Buffer;
    try {
      bytes = await image.readAsBuffer();
    } catch {
      // A linked picture (a path on the author's disk): the file does not hold it.
      return { src: '' };
    }
    count++;
    if (metafileExtOf(bytes)) {
      const png = metafiles.get(metafileKey(bytes));
      if (!png) return { src: `${LOST_METAFILE}${count}` };
      bytes = png;
    }
    // The type the package declares is the author's to choose; the bytes tell what the picture is.
    const ext = imageExtOf(bytes);
    const contentType = ext ? FILE_KINDS[ext].mime : 'application/octet-stream';
    try {
      return { src: await pictures.save(bytes, contentType, `picture-${count}.${ext ?? 'bin'}`) };
    } catch (e) {
      saveError ??= e;
      return { src: '' };
    }
  });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: prepared },
      // Underline and strike-through are kept (mammoth drops them by default): blanks are often underlined; and
      // emphasis dots (word-emphasis.ts).
      { convertImage, styleMap: ['u => u', 'strike => s', EMPHASIS_STYLE_MAP] },
    );
    html = result.value;
  } catch (e) {
    throw new FileRefused('docx', 'unreadable', {}, e);
  }
  if (saveError) throw saveError;
  return restore(html);
}

/**
 * Every relationship the document refers to (pictures, OLE objects and their equations, headers …) is listed, and
 * what it points at inside the package is there; mammoth would otherwise fail half-way through.
 */
async function checkReferences(zip: JSZip, documentXml: string): Promise<void> {
  const relsXml = await zip.file(DOCUMENT_RELS)?.async('string');
  const targets = new Map<string, string | undefined>();
  for (const node of parseXml(relsXml ?? '').flatMap((n) => n.children)) {
    if (typeof node === 'string' || node.name !== 'Relationship' || !node.attrs.Id) continue;
    const external = node.attrs.TargetMode === 'External';
    targets.set(node.attrs.Id, external ? undefined : partOf(node.attrs.Target ?? ''));
  }
  for (const [, id] of documentXml.matchAll(/\sr:[a-zA-Z]+="([^"]*)"/g)) {
    // Word writes `r:id=""` for a picture's removed hyperlink: no reference.
    if (!id) continue;
    if (!targets.has(id)) throw new FileRefused('docx', 'missingRelationship', { id, part: DOCUMENT_RELS });
    const part = targets.get(id);
    if (part !== undefined && !zip.file(part)) throw new FileRefused('docx', 'missingPart', { part });
  }
}

/** A relationship's target as a part name: relative to word/, or from the package root when it starts with `/`. */
function partOf(target: string): string {
  let decoded = target;
  try {
    decoded = decodeURI(target);
  } catch {
    // Not percent-encoded after all: taken as written.
  }
  return decoded.startsWith('/') ? decoded.slice(1) : path.posix.normalize(`word/${decoded}`);
}
