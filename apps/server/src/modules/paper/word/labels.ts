import type { Locale } from '@shixun/contracts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Everything the document says besides the paper's own text, in both languages. */
const LABELS = {
  zh: {
    total: (s: string) => `总分 ${s} 分`,
    duration: (m: number) => (m > 0 ? `时长 ${m} 分钟` : '不限时'),
    pass: (s: string) => `及格 ${s} 分`,
    student: ['姓名', '班级', '学号'],
    colon: '：',
    remark: '考试说明：',
    sectionTotals: (count: number, score: string) => `（共 ${count} 题，${score} 分）`,
    score: (s: string) => `（${s} 分）`,
    answer: '【答案】',
    analysis: '【解析】',
    points: '【评分要点】',
    right: '正确',
    wrong: '错误',
    or: ' 或 ',
    none: '（无）',
    separator: '；',
    picture: '[图片]',
    sheet: '答题卡',
    sheetNote: '选择题、判断题请将所选选项涂黑（■）；其余各题在对应位置作答，超出答题区域的答案无效。',
    judgeBoxes: ['√', '×'],
    practical: '（实操题：按要求现场完成）',
    file: '（文件题：按要求提交文件）',
    page: (current: string, total: string) => ['第 ', current, ' 页 共 ', total, ' 页'],
  },
  en: {
    total: (s: string) => `Total ${s} points`,
    duration: (m: number) => (m > 0 ? plural(m, 'minute', 'minutes') : 'No time limit'),
    pass: (s: string) => `Pass mark ${s}`,
    student: ['Name', 'Class', 'Student No.'],
    colon: ': ',
    remark: 'Instructions: ',
    sectionTotals: (count: number, score: string) =>
      ` (${plural(count, 'question', 'questions')}, ${score} ${score === '1' ? 'point' : 'points'})`,
    score: (s: string) => `(${s} ${s === '1' ? 'point' : 'points'}) `,
    answer: '[Answer] ',
    analysis: '[Analysis] ',
    points: '[Scoring points] ',
    right: 'True',
    wrong: 'False',
    or: ' or ',
    none: '(none)',
    separator: '; ',
    picture: '[picture]',
    sheet: 'Answer sheet',
    sheetNote:
      'For choice and true/false questions, fill in the box of your answer (■); answer the others in their space. Answers outside it are not marked.',
    judgeBoxes: ['T', 'F'],
    practical: '(Practical: done as instructed)',
    file: '(File answer: hand in the file as instructed)',
    page: (current: string, total: string) => ['Page ', current, ' of ', total],
  },
} as const;
export type Labels = (typeof LABELS)[Locale];

/** The words for a paper in `locale` (Chinese for a language it has none for). */
export function labelsFor(locale: Locale): Labels {
  return LABELS[locale] ?? LABELS.zh;
}
