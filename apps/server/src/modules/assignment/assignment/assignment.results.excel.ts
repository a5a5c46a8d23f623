import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type AssignmentResults,
  type Locale,
  type MessageKey,
  QUESTION_TYPE_NAMES,
  type ResultStudent,
  translate,
} from '@shixun/contracts';
import ExcelJS from 'exceljs';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { neutralise, width } from '../../../core/excel/sheet.ts';
import { allResultStudents } from './assignment.results.students.ts';
import { assignmentResults } from './assignment.results.ts';

const text = (n: number | null, suffix = '') => (n === null ? '' : `${n}${suffix}`);
const percent = (n: number | null) => (n === null ? '' : `${Math.round(n * 1000) / 10}%`);

/** Rows written between two turns of the event loop, so a large class never holds up other requests. */
const ROWS_A_TURN = 50;

type Sheet = { name: string; header: string[]; rows: string[][] };

/** Workbooks are built one at a time on this instance: exports wait their turn rather than share the event loop. */
let building: Promise<unknown> = Promise.resolve();
/** Files built lately, by what they hold: the same figures and students in the same language make the same file. */
const built = new Map<string, Promise<Buffer>>();
const BUILT = 8;

/** `GET results/{id}/export`: 成绩分析 as an .xlsx file and the file's name in the caller's language. */
export async function resultsExport(
  db: Db,
  p: Principal,
  id: string,
  locale: Locale,
): Promise<{ body: Buffer; name: string }> {
  const r = await assignmentResults(db, p, id);
  const students = await allResultStudents(db, p, id);
  const key = createHash('sha256')
    .update(JSON.stringify([locale, r, students]))
    .digest('base64');
  let body = built.get(key);
  if (!body) {
    const file = building.then(() => resultsWorkbook(locale, r, students));
    building = file.catch(() => undefined);
    if (built.size >= BUILT) built.delete(built.keys().next().value!);
    built.set(key, file);
    void file.catch(() => built.get(key) === file && built.delete(key));
    body = file;
  }
  return { body: await body, name: `${r.assignment.title}-${translate(locale, 'results.file')}.xlsx` };
}

/** 成绩分析 as a workbook: the summary, every student's score and rank, and each question's analysis. */
function resultsWorkbook(locale: Locale, r: AssignmentResults, students: ResultStudent[]): Promise<Buffer> {
  const t = (key: MessageKey) => translate(locale, key);
  const cols = (...keys: string[]) => keys.map((k) => t(`results.col.${k}` as MessageKey));
  const s = r.summary;
  return streamWorkbook([
    {
      name: t('results.sheet.summary'),
      header: cols('item', 'value'),
      rows: [
        [t('results.summary.students'), String(s.students)],
        [t('results.summary.submitted'), String(s.submitted)],
        [t('results.summary.mean'), text(s.mean)],
        [t('results.summary.median'), text(s.median)],
        [t('results.summary.max'), text(s.max)],
        [t('results.summary.min'), text(s.min)],
        [t('results.summary.stdev'), text(s.stdev)],
        [t('results.summary.passRate'), percent(s.passRate)],
      ],
    },
    {
      name: t('results.sheet.students'),
      header: cols('rank', 'studentNo', 'name', 'class', 'score', 'passed'),
      rows: students.map((x) => [
        text(x.rank),
        x.studentNo,
        x.studentName,
        x.className,
        x.score === null ? t('results.absent') : String(x.score),
        x.score === null ? '' : t(x.passed ? 'results.yes' : 'results.no'),
      ]),
    },
    {
      name: t('results.sheet.questions'),
      header: cols(
        'no',
        'type',
        'full',
        'answered',
        'right',
        'partial',
        'wrong',
        'blank',
        'facility',
        'discrimination',
      ),
      rows: r.questions.map((q) => [
        q.no,
        QUESTION_TYPE_NAMES[q.type][locale],
        String(q.score),
        String(q.answered),
        String(q.right),
        String(q.partial),
        String(q.wrong),
        String(q.blank),
        text(q.facility),
        text(q.discrimination),
      ]),
    },
  ]);
}

/**
 * The sheets as core/excel's buildWorkbook writes them (bold header, formula-proof text cells, readable widths), but
 * through exceljs's streaming writer: each row is written as it is added and the zip is compressed off the event
 * loop, with a turn of the loop every few hundred rows.
 */
async function streamWorkbook(sheets: Sheet[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const { name, header, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = header.map((h, i) => ({
      width: Math.min(40, Math.max(12, width(h), ...rows.map((r) => width(r[i] ?? '')))),
      // Text format keeps numbers such as student numbers as written.
      style: { numFmt: '@' },
    }));
    const head = sheet.addRow(header);
    head.font = { bold: true };
    head.commit();
    for (const [i, row] of rows.entries()) {
      sheet.addRow(row.map(neutralise)).commit();
      if (i % ROWS_A_TURN === ROWS_A_TURN - 1) await nextTurn();
    }
    sheet.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
