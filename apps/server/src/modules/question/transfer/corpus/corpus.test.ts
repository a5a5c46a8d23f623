import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OPTION_LABELS, type QuestionDraft } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { findSoffice } from '../../../../core/files/soffice.ts';
import { AppError } from '../../../../core/http/errors.ts';
import { readCsv } from '../csv.ts';
import { readSheet } from '../excel.ts';
import { tokenize } from '../html.ts';
import { readImportFile } from '../read-file.ts';
import type { ParsedQuestion, PictureSink } from '../types.ts';
import { readWord } from '../word-read.ts';
import { CORPUS_DIR, documentXml, docxFromSource } from './build-docx.ts';
import { gbk, sheetSource, trimmed, xlsxRows } from './build-sheets.ts';

/**
 * The import measured on papers in the layouts teachers really have (README.md): every document of the corpus is
 * read as the import reads it and each question compared, field by field, with what a teacher would expect.
 */

/** A question as a teacher reads it (README.md says how each field is written). */
interface Expected {
  type: QuestionDraft['type'];
  stem: string;
  options?: string[];
  answer?: string;
  analysis?: string;
  score?: number;
  children?: Expected[];
  problems?: string[];
}

/** A question with every field, to compare. */
interface Shape extends Required<Omit<Expected, 'children'>> {
  children: Shape[];
}

interface CorpusDocument {
  subject: string;
  patterns: string[];
  questions: Expected[];
}

/** Rich text as comparable text: a line a paragraph, white space collapsed, pictures as [图], underlines kept. */
function textOf(html: string): string {
  let text = '';
  for (const t of tokenize(html)) {
    if (t.kind === 'text') text += t.text;
    else if (t.kind === 'void') text += t.name === 'img' ? '[图]' : t.name === 'br' ? '\n' : '';
    else if (t.name === 'u') text += t.kind === 'open' ? '<u>' : '</u>';
    else if (t.kind === 'close' && (t.name === 'p' || t.name === 'tr')) text += '\n';
    else if (t.kind === 'close' && (t.name === 'td' || t.name === 'th')) text += ' | ';
  }
  return normalise(text);
}

function normalise(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .replace(/\$([^$]+)\$/g, (_, latex: string) => `$${latex.replace(/\s+/g, '')}$`);
}

function answerOf(d: QuestionDraft): string {
  if (d.type === 'single' || d.type === 'multiple')
    return d.items.map((item, i) => (item.isAnswer ? OPTION_LABELS[i] : '')).join('');
  if (d.type === 'judge') return d.answer;
  if (d.type === 'fill') return d.items.map((item) => item.content).join('；');
  return textOf(d.answer);
}

/** What was read, in the expected shape, every field present. */
function shapeOf(d: QuestionDraft, problems: string[] = []): Shape {
  return {
    type: d.type,
    stem: textOf(d.stem),
    options: d.type === 'single' || d.type === 'multiple' ? d.items.map((i) => textOf(i.content)) : [],
    answer: answerOf(d),
    analysis: textOf(d.analysis),
    score: d.score,
    children: d.children.map((c) => shapeOf(c)),
    problems,
  };
}

function complete(e: Expected): Shape {
  return {
    type: e.type,
    stem: normalise(e.stem),
    options: (e.options ?? []).map(normalise),
    answer: e.type === 'fill' || e.type === 'judge' ? (e.answer ?? '') : normalise(e.answer ?? ''),
    analysis: normalise(e.analysis ?? ''),
    score: e.score ?? 0,
    children: (e.children ?? []).map(complete),
    problems: e.problems ?? [],
  };
}

/** The fields that differ, as `field: expected → read` lines. */
function differences(expected: Shape, read: Shape, prefix = ''): string[] {
  const out: string[] = [];
  for (const key of ['type', 'stem', 'options', 'answer', 'analysis', 'score', 'problems'] as const) {
    const [e, r] = [JSON.stringify(expected[key]), JSON.stringify(read[key])];
    if (e !== r) out.push(`${prefix}${key}: ${e} → ${r}`);
  }
  if (expected.children.length !== read.children.length)
    out.push(`${prefix}children: ${expected.children.length} → ${read.children.length}`);
  expected.children.forEach((c, i) => {
    const r = read.children[i];
    if (r) out.push(...differences(c, r, `${prefix}(${i + 1}) `));
  });
  return out;
}

/** Which read question stands for which expected one: the longest run of matching stem openings, in order. */
function align(expected: Shape[], read: Shape[]): [number, number][] {
  const key = (q: Shape) => q.stem.slice(0, 12);
  const n = expected.length;
  const m = read.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        key(expected[i]!) === key(read[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (key(expected[i]!) === key(read[j]!)) pairs.push([i++, j++]);
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

const pictures: PictureSink = { save: async (_bytes, _type, name) => `/files/corpus/${name}` };

/**
 * Files an upload would be read from as they are, by the import's own choice by content (read-file.ts): text
 * papers, Moodle XML, GIFT and Aiken files, and old .doc/.xls files, converted by LibreOffice.
 */
const AS_UPLOADED = ['.txt', '.xml', '.gift', '.doc', '.xls'];
/** Old Office files need LibreOffice; without it they are left out of the measure (and their test skipped). */
const LEGACY = ['.doc', '.xls'];
const soffice = findSoffice(process.env.SOFFICE);

/** The document's file, by its extension: `name.docx`, `name.xlsx` … (a .word.txt or .sheet.txt is a source). */
function documentFile(name: string): string {
  const ext = ['.docx', '.xlsx', '.csv', ...AS_UPLOADED].find((e) => existsSync(path.join(CORPUS_DIR, name + e)));
  if (!ext) throw new Error(`${name}.json has no document`);
  return name + ext;
}

/**
 * A corpus document read as the import reads it: a .docx through readWord, an .xlsx or .csv through the sheet
 * reader, the others as an upload (readImportFile).
 */
async function readDocument(name: string): Promise<ParsedQuestion[]> {
  const file = documentFile(name);
  const bytes = await readFile(path.join(CORPUS_DIR, file));
  // A spreadsheet (sheet-read.ts), by its extension.
  if (file.endsWith('.xlsx')) return (await readSheet(bytes)).questions;
  if (file.endsWith('.csv')) return (await readCsv(bytes)).questions;
  try {
    if (file.endsWith('.docx')) return await readWord(bytes, pictures);
    return (await readImportFile(bytes, file)).questions;
  } catch (e) {
    // "没有找到试题": what the import answers for a document that is no question paper.
    if (e instanceof AppError && e.key === 'question.import.empty') return [];
    throw e;
  }
}

const problemKeys = (q: ParsedQuestion) => q.problems.map((p) => p.key);

const isLegacy = (name: string) => LEGACY.some((ext) => documentFile(name).endsWith(ext));

/** Documents read, and the questions of each fully right, read as junk or missed. */
interface Measure {
  total: number;
  right: number;
  junk: number;
  report: string[];
}

async function measure(names: string[]): Promise<Measure> {
  let total = 0;
  let right = 0;
  let junk = 0;
  const report: string[] = [];
  for (const name of names) {
    const doc: CorpusDocument = JSON.parse(await readFile(path.join(CORPUS_DIR, `${name}.json`), 'utf8'));
    const expected = doc.questions.map((q) => complete(q));
    const parsed = await readDocument(name);
    const read = parsed.map((q) => shapeOf(q.draft, problemKeys(q)));
    const pairs = align(expected, read);
    total += expected.length;
    junk += read.length - pairs.length;
    const matched = new Set(pairs.map(([, j]) => j));
    read.forEach((r, j) => {
      if (!matched.has(j)) report.push(`${name}: junk ${JSON.stringify(r.stem.slice(0, 40))}`);
    });
    const found = new Set(pairs.map(([i]) => i));
    expected.forEach((e, i) => {
      if (!found.has(i)) report.push(`${name}: missed #${i + 1} ${JSON.stringify(e.stem.slice(0, 40))}`);
    });
    for (const [i, j] of pairs) {
      const diff = differences(expected[i]!, read[j]!);
      if (diff.length === 0) right++;
      else report.push(`${name} #${i + 1}:\n    ${diff.join('\n    ')}`);
    }
  }
  return { total, right, junk, report };
}

describe('the import corpus', async () => {
  const names = (await readdir(CORPUS_DIR))
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .sort();
  const measured = soffice ? names : names.filter((n) => !isLegacy(n));

  it('reads the papers teachers have: ≥ 95 % of the questions fully right, no junk', async () => {
    const { total, right, junk, report } = await measure(measured);
    const share = (100 * right) / total;
    const left = soffice ? '' : ` (${names.length - measured.length} old .doc/.xls left out: soffice is not installed)`;
    console.log(
      `${report.join('\n')}\nimport corpus: ${measured.length} documents${left}, ${total} questions, ` +
        `${right} fully right (${share.toFixed(1)} %), ${junk} junk`,
    );
    expect(measured.length).toBeGreaterThanOrEqual(30);
    expect(share).toBeGreaterThanOrEqual(95);
    expect(junk).toBe(0);
  }, 120_000);

  it.skipIf(!soffice)(
    `reads the old .doc and .xls through LibreOffice${soffice ? '' : ' (skipped: soffice is not installed)'}`,
    async () => {
      const legacy = names.filter(isLegacy);
      expect(legacy.length).toBeGreaterThanOrEqual(2);
      const { total, right, junk, report } = await measure(legacy);
      expect(report).toEqual([]);
      expect({ right, junk }).toEqual({ right: total, junk: 0 });
    },
    120_000,
  );

  it('holds every layout of the issue in at least two documents', async () => {
    const documents = new Map<string, string[]>();
    for (const name of names) {
      const doc: CorpusDocument = JSON.parse(await readFile(path.join(CORPUS_DIR, `${name}.json`), 'utf8'));
      for (const pattern of doc.patterns) documents.set(pattern, [...(documents.get(pattern) ?? []), name]);
    }
    const rare = [...documents].filter(([, docs]) => docs.length < 2).map(([pattern]) => pattern);
    expect(rare).toEqual([]);
  });

  it('has each .docx built from its text by build-docx.ts', async () => {
    const sources = (await readdir(CORPUS_DIR)).filter((n) => n.endsWith('.word.txt'));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const built = await docxFromSource(await readFile(path.join(CORPUS_DIR, source), 'utf8'));
      const committed = await readFile(path.join(CORPUS_DIR, source.replace(/\.word\.txt$/, '.docx')));
      expect(await documentXml(committed), source).toBe(await documentXml(built));
    }
  });

  it('has each .xlsx and GBK .csv built from its text by build-sheets.ts', async () => {
    for (const source of (await readdir(CORPUS_DIR)).filter((n) => n.endsWith('.sheet.txt'))) {
      const rows = sheetSource(await readFile(path.join(CORPUS_DIR, source), 'utf8')).rows;
      const committed = await readFile(path.join(CORPUS_DIR, source.replace(/\.sheet\.txt$/, '.xlsx')));
      expect(await xlsxRows(committed), source).toEqual(trimmed(rows));
    }
    for (const source of (await readdir(CORPUS_DIR)).filter((n) => n.endsWith('.gbk.txt'))) {
      const committed = await readFile(path.join(CORPUS_DIR, source.replace(/\.gbk\.txt$/, '.csv')));
      expect(committed.equals(gbk(await readFile(path.join(CORPUS_DIR, source), 'utf8'))), source).toBe(true);
    }
  });
});
