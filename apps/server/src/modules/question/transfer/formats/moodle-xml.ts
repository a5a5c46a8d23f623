import { OPTION_LABELS } from '@shixun/contracts';
import { childrenNamed, firstChild, parseXml, type XmlNode } from '../../../../core/docx/xml-node.ts';
import { MAX_XML_DEPTH, scanXml } from '../../../../core/docx/xml-scan.ts';
import { emptyRaw, type RawQuestion } from '../fields.ts';
import { FileRefused, IMPORT_MAX_ELEMENTS } from '../office-file.ts';
import type { ImportProblem, ParsedQuestion, PictureSink } from '../types.ts';
import { readCloze } from './moodle-cloze.ts';
import { areaHtml, plainOf, textOf } from './moodle-text.ts';
import { foundQuestions, parsedQuestion } from './questions.ts';

/**
 * Moodle XML (`<quiz>` of `<question type="…">`), as Moodle exports a question bank: multichoice (one or several
 * right answers by their fraction), truefalse, shortanswer and numerical (a fill-in blank with its accepted
 * answers), essay (a short answer, its `graderinfo` the reference answer; with attachments only, a file answer),
 * cloze (moodle-cloze.ts). `questiontext`, `generalfeedback` (the analysis) and `defaultgrade` (the score) of each;
 * categories and descriptions are skipped; other types (matching …) are read and flagged, to be skipped.
 *
 * What our own export adds in `<shixun>` (moodle-write.ts; Moodle ignores elements it does not know) is read
 * back in the words of the Word layout: `type` (practical, composite), `difficulty`, `source`, `discipline`,
 * `knowledge` (one each), `blankrules`, `itemscores`, `point` (a scoring point, a text area), `answer` (a
 * composite's reference answer) and `child` (a child of the composite question before it, itself a
 * description).
 */

/** An XML document whose root element is `<quiz>`. */
export function looksLikeMoodleXml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<quiz[\s>/]/.test(text);
}

/** The document's `<quiz>`, refused when the XML is not whole, has a DTD or is past the import's limits. */
function quizOf(text: string): XmlNode {
  const shape = scanXml(text, MAX_XML_DEPTH, IMPORT_MAX_ELEMENTS);
  if (shape.elements > IMPORT_MAX_ELEMENTS) {
    throw new FileRefused('moodle', 'tooManyElements', { max: IMPORT_MAX_ELEMENTS });
  }
  if (shape.problem === 'tooDeep') throw new FileRefused('moodle', 'tooDeep', { part: 'quiz', max: MAX_XML_DEPTH });
  if (shape.problem === 'dtd') throw new FileRefused('moodle', 'dtd', { part: 'quiz' });
  const quiz = shape.problem ? undefined : parseXml(text).find((n) => n.name === 'quiz');
  if (!quiz) throw new FileRefused('moodle', 'badXml', { part: 'quiz' });
  return quiz;
}

export async function readMoodleXml(text: string, pictures: PictureSink): Promise<ParsedQuestion[]> {
  const questions: ParsedQuestion[] = [];
  let composite: { raw: RawQuestion; children: RawQuestion[] } | undefined;
  const flush = () => {
    if (composite)
      questions.push(parsedQuestion(composite.raw, questions.length + 1, { children: composite.children }));
    composite = undefined;
  };
  for (const node of childrenNamed(quizOf(text), 'question')) {
    const type = node.attrs.type ?? '';
    const extension = firstChild(node, 'shixun');
    const child = firstChild(extension, 'child') !== undefined;
    if (type === 'category' || (type === 'description' && plainOf(firstChild(extension, 'type')) !== 'composite')) {
      continue;
    }
    const { raw, problems } = await readQuestion(node, type, pictures);
    await readExtension(extension, raw, pictures);
    if (child && composite) {
      composite.children.push(raw);
      continue;
    }
    flush();
    if (raw.type === 'composite') composite = { raw, children: [] };
    else questions.push(parsedQuestion(raw, questions.length + 1, {}, problems));
  }
  flush();
  return foundQuestions(questions);
}

/** Moodle's types with their reading; any other is flagged with its name. */
async function readQuestion(node: XmlNode, type: string, pictures: PictureSink) {
  const raw = emptyRaw();
  const problems: ImportProblem[] = [];
  raw.stem = await areaHtml(firstChild(node, 'questiontext'), pictures);
  raw.analysis = await areaHtml(firstChild(node, 'generalfeedback'), pictures);
  raw.score = scoreText(plainOf(firstChild(node, 'defaultgrade')));
  const answers = childrenNamed(node, 'answer').map((a) => ({ node: a, fraction: Number(a.attrs.fraction ?? 0) }));
  const full = (fraction: number) => fraction >= 99.99;
  const unsupported = (value: string) => problems.push({ key: 'question.import.unsupported', params: { value } });
  switch (type) {
    case 'multichoice': {
      const single = !/^(false|0)$/i.test(plainOf(firstChild(node, 'single')));
      raw.type = single ? 'single' : 'multiple';
      raw.options = await Promise.all(answers.map((a) => areaHtml(a.node, pictures)));
      // Single: the answer worth full marks; several right: every answer worth some.
      const right = (f: number) => (single ? full(f) : f > 0);
      raw.answerText = answers.map((a, i) => (right(a.fraction) ? (OPTION_LABELS[i] ?? '?') : '')).join('');
      break;
    }
    case 'truefalse':
      raw.type = 'judge';
      raw.answerText = plainOf(answers.find((a) => full(a.fraction))?.node);
      break;
    case 'shortanswer':
    case 'numerical': {
      raw.type = 'fill';
      const right = answers.filter((a) => full(a.fraction)).map((a) => plainOf(a.node));
      raw.answerText = right.join('|');
      if (plainOf(firstChild(node, 'usecase')) === '1') raw.blankRules = '区分大小写';
      const tolerances = answers.map((a) => Number(plainOf(firstChild(a.node, 'tolerance')) || 0));
      if (tolerances.some((t) => t !== 0)) unsupported('numerical ±');
      break;
    }
    case 'essay':
      readEssay(node, raw);
      raw.answerHtml = await areaHtml(firstChild(node, 'graderinfo'), pictures);
      break;
    case 'cloze':
    case 'multianswer': {
      const cloze = readCloze(raw.stem);
      raw.type = 'fill';
      raw.stem = cloze.html;
      raw.answerText = cloze.blanks.map((b) => b.answers.join('|')).join('；');
      if (cloze.blanks.some((b) => b.caseSensitive)) {
        raw.blankRules = cloze.blanks.map((b) => (b.caseSensitive ? '区分大小写' : '')).join('；');
      }
      for (const value of cloze.unsupported) unsupported(`cloze ${value}`);
      break;
    }
    case 'description':
      // Our composite question (its extension says so): its stem and analysis, children after it.
      break;
    default:
      raw.type = 'short';
      unsupported(type || '?');
  }
  return { raw, problems };
}

/** An essay: a short answer; answered with files only (no text), a file-answer question. */
function readEssay(node: XmlNode, raw: RawQuestion): void {
  const text = (name: string) => plainOf(firstChild(node, name));
  const filesOnly = text('responseformat') === 'noinline' && !['', '0'].includes(text('attachments'));
  raw.type = filesOnly ? 'file' : 'short';
  if (!filesOnly) return;
  raw.fileTypes = text('filetypeslist');
  const mb = Number(text('maxbytes')) / 1024 / 1024;
  if (Number.isInteger(mb) && mb >= 1) raw.maxSize = String(mb);
}

/** Moodle writes grades with seven decimals (`1.0000000`): the number as we write it. */
function scoreText(grade: string): string {
  const n = Number(grade);
  return grade !== '' && Number.isFinite(n) ? String(n) : grade;
}

/** Our own fields (moodle-write.ts), over what the Moodle elements said. */
async function readExtension(extension: XmlNode | undefined, raw: RawQuestion, pictures: PictureSink) {
  if (!extension) return;
  const text = (name: string) => plainOf(firstChild(extension, name));
  const all = (name: string) => childrenNamed(extension, name);
  if (text('type')) raw.type = text('type');
  raw.difficulty = text('difficulty');
  raw.source = text('source');
  raw.discipline = text('discipline');
  raw.knowledge = all('knowledge')
    .map((k) => textOf(k).trim())
    .join('；');
  if (firstChild(extension, 'blankrules')) raw.blankRules = text('blankrules');
  raw.itemScores = text('itemscores');
  raw.points = await Promise.all(all('point').map((p) => areaHtml(p, pictures)));
  const answer = firstChild(extension, 'answer');
  if (answer) raw.answerHtml = await areaHtml(answer, pictures);
}
