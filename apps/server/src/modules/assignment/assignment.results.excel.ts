import {
  type AssignmentResults,
  type Locale,
  type MessageKey,
  QUESTION_TYPE_NAMES,
  translate,
} from '@shixun/contracts';
import { buildWorkbook } from '../../core/excel/sheet.ts';

const text = (n: number | null, suffix = '') => (n === null ? '' : `${n}${suffix}`);
const percent = (n: number | null) => (n === null ? '' : `${Math.round(n * 1000) / 10}%`);

/** 成绩分析 as a workbook: the summary, every student's score and rank, and each question's analysis. */
export function resultsWorkbook(locale: Locale, r: AssignmentResults): Promise<Buffer> {
  const t = (key: MessageKey) => translate(locale, key);
  const cols = (...keys: string[]) => keys.map((k) => t(`results.col.${k}` as MessageKey));
  const s = r.summary;
  return buildWorkbook([
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
      rows: r.students.map((x) => [
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
