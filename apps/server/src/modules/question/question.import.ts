import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  FILE_KINDS,
  IMPORT_SAVED_AT_ONCE,
  type ImportPlan,
  type ImportPreview,
  importPlanSchema,
  type Locale,
  type PreviewQuestion,
  type QuestionDraft,
  translate,
} from '@shixun/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sniffFile } from '../../core/files/sniff.ts';
import { storeFile } from '../../core/files/store-file.ts';
import { badRequest } from '../../core/http/errors.ts';
import { insertDrafts, knowledgeByName, mapText } from './question.drafts.ts';
import { editableLib, richTextCleaner } from './question.hooks.ts';
import { saveInParts } from './question.import-job.ts';
import { formulasAsNodes } from './transfer/html.ts';
import { applyFixes, keeps } from './transfer/import-plan.ts';
import type { ImportReader } from './transfer/import-reader.ts';
import { FileRefused } from './transfer/office-file.ts';
import { type ImportPicture, previewHtml, replacePictures } from './transfer/pictures.ts';
import type { ReadFile } from './transfer/read-file.ts';
import type { ImportProblem } from './transfer/types.ts';

/**
 * Reads an upload in the import worker. A file it cannot read is a 400 that says what is wrong with it in the
 * caller's language; what a parser threw about it is logged (a parser's words are not the user's).
 */
async function readImport(
  reader: ImportReader,
  locale: Locale,
  log: FastifyBaseLogger,
  input: { file: Buffer; name: string; plan: ImportPlan },
) {
  try {
    return await reader.read(input.file, input.name, { columns: input.plan.columns });
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    if (e.parserError) log.warn({ err: e.parserError }, 'question import: a parser could not read the file');
    throw badRequest('question.import.invalid', {
      kind: translate(locale, `question.import.kind.${e.kind ?? 'any'}`),
      reason: translate(locale, `question.import.reason.${e.reason}`, e.detail),
    });
  }
}

function problemText(locale: Locale, p: ImportProblem): string {
  const text = translate(locale, p.key, p.params ?? {});
  return p.params?.child ? `${translate(locale, 'question.import.child', { child: p.params.child })}：${text}` : text;
}

/** Knowledge points a draft names that the tree does not have, as problems; and the ids of those it has. */
function matchKnowledge(d: QuestionDraft, names: Map<string, string>) {
  const ids: string[] = [];
  const problems: ImportProblem[] = [];
  for (const name of d.knowledge) {
    const id = names.get(name.trim());
    if (id) ids.push(id);
    else problems.push({ key: 'question.import.knowledge', params: { value: name } });
  }
  return { ids, problems };
}

/**
 * The questions of a file read, with the plan's fixes applied and their problems (knowledge points matched to the
 * tree); pictures held back.
 */
async function readQuestions(db: Db, p: Principal, read: ReadFile, plan: ImportPlan) {
  const names = await knowledgeByName(db, p.tenantId);
  const questions = applyFixes(read.questions, plan).map((q, index) => {
    const draft = mapText(q.draft, formulasAsNodes);
    const own = matchKnowledge(draft, names);
    const children = draft.children.map((c, i) => {
      const matched = matchKnowledge(c, names);
      return {
        draft: c,
        flagIds: matched.ids,
        problems: matched.problems.map((x) => ({ ...x, params: { ...x.params, child: i + 1 } })),
      };
    });
    const problems = [...q.problems, ...own.problems, ...children.flatMap((c) => c.problems)];
    const fixable = !!q.rebuild && draft.type !== 'composite';
    const { label, original } = q;
    return { label, original, draft, flagIds: own.ids, children, problems, kept: keeps(plan, index), fixable };
  });
  return { questions, pictures: read.pictures, prefix: read.prefix, sheet: read.sheet };
}

type ReadQuestions = Awaited<ReturnType<typeof readQuestions>>;

/**
 * The preview a teacher checks before importing: its text sanitised as saved text is, pictures of accepted kinds
 * shown inline, problems in their language. Sanitising takes about half a millisecond a field (seconds for 2000
 * questions): other requests get their turn after each question.
 */
async function previewOf(locale: Locale, read: ReadQuestions): Promise<ImportPreview> {
  const inline = (html: string) => previewHtml(html, read);
  const asPreview = (d: QuestionDraft, label: string, problems: string[]): PreviewQuestion => {
    const shown = mapText(d, inline);
    return { ...shown, label, problems, children: shown.children.map((c, i) => asPreview(c, `(${i + 1})`, [])) };
  };
  const questions: PreviewQuestion[] = [];
  for (const q of read.questions) {
    const label = translate(locale, q.label.key, q.label.params);
    const problems = q.problems.map((x) => problemText(locale, x));
    questions.push({ ...asPreview(q.draft, label, problems), kept: q.kept, fixable: q.fixable, original: q.original });
    await nextTurn();
  }
  const kept = read.questions.filter((q) => q.kept).length;
  return { total: questions.length, kept, errorCount: errorCount(read), questions, sheet: read.sheet };
}

/** Questions to be saved (children included) with at least one problem. */
const errorCount = (read: ReadQuestions) => read.questions.filter((q) => q.kept && q.problems.length).length;

/**
 * Stores the pictures the questions use as attachments of the tenant (`core/files/store-file.ts`), each checked by
 * its content like any upload; a picture that is not one of the accepted kinds is left out.
 */
async function storePictures(
  db: Db,
  files: FileStore,
  p: Principal,
  pictures: ImportPicture[],
  log: Parameters<typeof storeFile>[4],
): Promise<Map<number, string>> {
  const links = new Map<number, string>();
  const dir = path.join(files.filesDir, '.tmp');
  await mkdir(dir, { recursive: true });
  for (const [i, pic] of pictures.entries()) {
    const tmp = path.join(dir, `import-${newId()}`);
    await writeFile(tmp, pic.bytes);
    try {
      const ext = await sniffFile(tmp);
      if (!ext || FILE_KINDS[ext].group !== 'image') continue;
      const stored = await storeFile(
        db,
        files,
        p,
        {
          tmp,
          size: pic.bytes.length,
          ext,
          contentType: FILE_KINDS[ext].mime,
          originalName: pic.name || `picture-${i + 1}.${ext}`,
          category: 'image',
          sha256: createHash('sha256').update(pic.bytes).digest('hex'),
        },
        log,
      );
      links.set(i, stored.link);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return links;
}

/** The form field `plan` (JSON, importPlanSchema); none is an empty plan. Anything else is a 400. */
export function parsePlan(text: string | undefined): ImportPlan {
  if (text === undefined || text === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('question.import.plan');
  }
  const parsed = importPlanSchema.safeParse(json);
  if (!parsed.success) throw badRequest('question.import.plan');
  return parsed.data;
}

/**
 * What an import of a file came to: its preview (nothing saved), its preview refused, how many were saved, or the
 * background import saving them.
 */
export type ImportOutcome =
  | { preview: ImportPreview }
  | { refused: ImportPreview }
  | { unmapped: ImportPreview }
  | { saved: number }
  | { started: { importId: string; total: number } };

/** The questions kept, as they are saved: pictures linked to their attachments, text sanitised. */
async function savedDrafts(read: ReadQuestions, links: Map<number, string>, clean: (html: string) => string) {
  const keep = (html: string) => clean(replacePictures(html, read.prefix, (i) => links.get(i) ?? 'about:blank'));
  const drafts = [];
  for (const x of read.questions.filter((q) => q.kept)) {
    drafts.push({
      draft: mapText(x.draft, keep),
      flagIds: x.flagIds,
      children: x.children.map((c) => ({ draft: mapText(c.draft, keep), flagIds: c.flagIds })),
    });
    // Sanitising, as for the preview: other requests get their turn after each question.
    await nextTurn();
  }
  return drafts;
}

/**
 * Reads a question file into a library the caller edits, as the teacher's plan says (columns, fixes, questions left
 * out). Unconfirmed, answers the preview (every question with its problems) and saves nothing; confirmed, saves the
 * questions kept — only when none of them has a problem (else the preview is refused) — in one transaction with
 * their pictures. More than IMPORT_SAVED_AT_ONCE are saved in the background in parts (question.import-job.ts),
 * after their pictures; the text is sanitised between the two, holding no transaction.
 */
export async function importQuestionFile(
  deps: { db: Db; files: FileStore; reader: ImportReader; log: FastifyBaseLogger },
  p: Principal,
  locale: Locale,
  input: { libId: string; confirm: boolean; file: Buffer; name: string; plan: ImportPlan },
): Promise<ImportOutcome> {
  const { db, files, reader, log } = deps;
  const read = await readQuestions(db, p, await readImport(reader, locale, log, input), input.plan);
  // A sheet whose stem column is not known yet: its columns, to be mapped before anything else.
  if (read.sheet && !read.sheet.columns.stem) return { unmapped: await previewOf(locale, read) };
  if (!input.confirm) return { preview: await previewOf(locale, read) };
  const kept = read.questions.filter((q) => q.kept).length;
  if (!kept) throw badRequest('question.import.noneKept');
  if (errorCount(read) > 0) return { refused: await previewOf(locale, read) };
  if (kept > IMPORT_SAVED_AT_ONCE) {
    const links = await db.transaction(async (tx) => {
      await editableLib(tx, p, input.libId);
      return storePictures(tx, files, p, read.pictures, log);
    });
    const drafts = await savedDrafts(read, links, await richTextCleaner(db, files, p));
    const importId = await db.transaction(async (tx) => {
      await editableLib(tx, p, input.libId);
      return saveInParts(tx, p, input.libId, drafts);
    });
    return { started: { importId, total: drafts.length } };
  }
  const saved = await db.transaction(async (tx) => {
    await editableLib(tx, p, input.libId);
    const links = await storePictures(tx, files, p, read.pictures, log);
    const drafts = await savedDrafts(read, links, await richTextCleaner(tx, files, p));
    return (await insertDrafts(tx, p, input.libId, drafts)).length;
  });
  return { saved };
}
