import type { ExamQuestion, ExamSection } from '@shixun/contracts';
import { loadKatex } from '../../components/QuestionView/math.ts';

/**
 * Everything a paper needs to display, fetched when it opens: a student who loses the network later still sees every
 * picture and formula of questions they have not looked at yet (one-per-screen mode renders a question only when it
 * is visited, and the browser would only then ask for its pictures and KaTeX's fonts).
 */

/** Every rich text of the paper: stems and options, children's too. */
function texts(sections: ExamSection[]): string[] {
  const out: string[] = [];
  const walk = (q: ExamQuestion) => {
    out.push(q.stem, ...q.items.map((i) => i.content));
    q.children.forEach(walk);
  };
  for (const s of sections) s.questions.forEach(walk);
  return out;
}

/** The pictures of the paper (their `src` as written) and whether it has formulas to draw. */
export function paperAssets(sections: ExamSection[]): { images: string[]; formulas: boolean } {
  const images = new Set<string>();
  let formulas = false;
  const parser = new DOMParser();
  for (const html of texts(sections)) {
    if (!html) continue;
    // The editor's formula nodes, or `$…$` from an import (see components/QuestionView/math.ts).
    if (html.includes('data-type="formula"') || html.includes('$')) formulas = true;
    if (!html.includes('<img')) continue;
    // An inert document: parsing it loads nothing.
    for (const img of parser.parseFromString(html, 'text/html').querySelectorAll('img[src]')) {
      const src = img.getAttribute('src') ?? '';
      if (src && !src.startsWith('data:') && !src.startsWith('blob:')) images.add(src);
    }
  }
  return { images: [...images], formulas };
}

/**
 * The KaTeX faces a school paper's formulas use (letters, digits and operators, italics for variables, bold, the
 * larger delimiters and roots, AMS symbols). Loading a face fetches its file once and keeps it in the document.
 */
export const KATEX_FACES = [
  '1em KaTeX_Main',
  'bold 1em KaTeX_Main',
  'italic 1em KaTeX_Main',
  'italic 1em KaTeX_Math',
  'italic bold 1em KaTeX_Math',
  '1em KaTeX_AMS',
  '1em KaTeX_Size1',
  '1em KaTeX_Size2',
  '1em KaTeX_Size3',
  '1em KaTeX_Size4',
] as const;

/** Loads KaTeX and its fonts now (their @font-face rules come with KaTeX's CSS); failures are not fatal. */
export async function loadFormulaFonts(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  if (!(await loadKatex().then(Boolean, () => false))) return;
  await Promise.all(KATEX_FACES.map((face) => document.fonts.load(face).catch(() => [])));
}

/**
 * Fetches each picture and keeps it as a blob URL (valid for this page, whatever the server's cache headers say).
 * A picture that cannot be fetched this way (another origin without CORS) is still asked for as an image, so the
 * browser's cache may hold it. Answers the pictures kept, by their `src`.
 */
export async function keepImages(urls: string[], signal: AbortSignal): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  await Promise.all(
    urls.map(async (src) => {
      try {
        const res = await fetch(src, { cache: 'force-cache', credentials: 'same-origin', signal });
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (signal.aborted) return;
        kept.set(src, URL.createObjectURL(blob));
      } catch {
        if (signal.aborted) return;
        const img = new Image();
        img.src = src;
      }
    }),
  );
  return kept;
}

/** The rich text with its kept pictures pointing at their blob URLs (unchanged when it has none of them). */
export function withKeptImages(html: string, kept: ReadonlyMap<string, string>): string {
  if (!kept.size || !html.includes('<img')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let changed = false;
  for (const img of doc.querySelectorAll('img[src]')) {
    const blob = kept.get(img.getAttribute('src') ?? '');
    if (!blob) continue;
    // The original address stays beside it: where the picture came from, for anyone reading the markup.
    img.setAttribute('data-src', img.getAttribute('src') ?? '');
    img.setAttribute('src', blob);
    changed = true;
  }
  return changed ? doc.body.innerHTML : html;
}

/** The paper's sections with every kept picture pointing at its blob URL. */
export function sectionsWithKeptImages(sections: ExamSection[], kept: ReadonlyMap<string, string>): ExamSection[] {
  if (!kept.size) return sections;
  const question = (q: ExamQuestion): ExamQuestion => ({
    ...q,
    stem: withKeptImages(q.stem, kept),
    items: q.items.map((i) => ({ ...i, content: withKeptImages(i.content, kept) })),
    children: q.children.map(question),
  });
  return sections.map((s) => ({ ...s, questions: s.questions.map(question) }));
}
