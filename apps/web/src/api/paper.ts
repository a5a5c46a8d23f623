import type {
  BlueprintRule,
  CrudResource,
  Page,
  Paper,
  PaperForm,
  PaperView,
  QuestionForm,
  RuleReport,
} from '@shixun/contracts';
import type { ListQuery } from '../components/CrudPage/types.ts';
import { http, request } from './http.ts';
import { resourceApi } from './resource.ts';
import type { ShareKind } from './share.ts';

const jd = '/api/jd/pc';
const exam = '/api/exam/pc/paper';

/**
 * The paper list's resource and query key: every change to a paper (its settings, sections or questions) refreshes
 * what is cached under it.
 */
export const PAPER_LIST_KEY: CrudResource = 'paper';
/** Query key of one paper's editor view (`title/tree/{id}`). */
export const paperViewKey = (id: string) => [PAPER_LIST_KEY, 'view', id] as const;

/**
 * Who may change a paper (its settings, sections and questions): its owner, those it is shared with to edit, and
 * administrators; others read (and quote) one shared with them to read or published.
 */
export const canChangePaper = (access: Paper['access'] | undefined) =>
  access === 'own' || access === 'edit' || access === 'admin';
/** Who publishes, shares and deletes a paper: its owner, or an administrator. */
export const canManagePaper = (access: Paper['access'] | undefined) => access === 'own' || access === 'admin';

/** What the paper list offers for a paper of this access (each also behind its button's permission code). */
export function paperRights(access: Paper['access'] | undefined) {
  return {
    /** 组卷, 设置, 二维码. */
    change: canChangePaper(access),
    /** 共享, 删除 (and the publish switch of 设置). */
    manage: canManagePaper(access),
    /** 引用: a copy of someone else's paper. */
    quote: access !== undefined && access !== 'own',
  };
}

/** A paper's shares: `paper_permission` by `paperId`. */
export const PAPER_SHARES: ShareKind = { resource: 'paper_permission', targetField: 'paperId' };

/** A section as `title/save` takes it: `titleId` renames one. */
export interface SectionBody {
  titleId?: string;
  paperId: string;
  parentId?: string;
  name: string;
  remark?: string;
}

/** `blueprint/draw`: the rules, and the seed to draw with (none: a new one). */
export interface DrawBody {
  paperId: string;
  rules: BlueprintRule[];
  seed?: number;
  perStudent?: 0 | 1;
}

/** 试卷: the jd resource calls (list, detail, submit, remove, quote) and the `/api/exam/pc/paper` family. */
export const paperApi = {
  ...resourceApi<Paper, PaperForm>(`${jd}/paper`, 'page'),
  /** Papers shared with the caller or a school they teach at (共享给我), with the same filters. */
  sharedList: (query: ListQuery) => http.get<Page<Paper>>(`${jd}/paper/shared_paper_list`, { ...query }),
  /** A copy of a paper the caller may read (a published one), as their own; answers the copy. */
  quote: (id: string, title?: string) => http.post<Paper>(`${jd}/paper/quote`, { id, title }),
  /** The paper with its sections, questions and totals, answers included for those who may change it. */
  view: (id: string) => http.get<PaperView>(`${exam}/title/tree/${id}`),
  /** The paper as a student gets it; with `answers` (and the right to change it) the key and analysis too. */
  preview: (id: string, answers = false) =>
    http.get<PaperView>(`${exam}/paper/0/0/${id}`, { answers: answers ? 1 : 0 }),
  /** The paper as .docx. */
  download: (id: string, options: { answers?: boolean; analysis?: boolean; sheet?: boolean } = {}) =>
    http.download(`${exam}/download/${id}`, {
      answers: options.answers ? 1 : 0,
      analysis: options.analysis ? 1 : 0,
      sheet: options.sheet ? 1 : 0,
    }),
  /** Where the paper is used (assignments …), as a phrase; empty when nowhere. */
  usage: (id: string) => http.get<{ places: string }>(`${exam}/usage/${id}`),
  /** A PNG of a signed link to the paper, valid 30 days. */
  qrcode: (id: string) => request<{ blob: Blob; name: string }>(`${exam}/qrcode/${id}`, { method: 'POST', file: true }),
  /** What a QR code's link opens. */
  open: (code: string) =>
    http.get<{ paperId: string; title: string; paperType: Paper['paperType']; canRead: boolean }>(`${exam}/open`, {
      code,
    }),
};

/** 大题/小节 of a paper (`title/*`). */
export const sectionApi = {
  save: (body: SectionBody) => http.post<{ id: string }>(`${exam}/title/save`, body),
  /** With its sub-sections and questions. */
  remove: (id: string) => request<null>(`${exam}/title/${id}`, { method: 'DELETE' }),
  move: (id: string, direction: 'up' | 'down') => http.post<null>(`${exam}/title/tree/move/${direction}/${id}`),
  /** The section and its sub-sections, named "… (副本)", without questions. */
  copy: (id: string) => http.post<{ id: string }>(`${exam}/title/copy/${id}`),
};

/** Questions of a paper's sections (`paper_question`, `title/importQuestion`, `title/addEmptyQuestion`). */
export const paperQuestionApi = {
  /** Bank questions added last to a section. */
  importInto: (paperId: string, titleId: string, questionIds: string[]) =>
    http.post<{ count: number }>(`${exam}/title/importQuestion`, { paperId, titleId, questionIds }),
  /** A new question written into a library the caller may edit (`question.libId`) and added to the section. */
  addNew: (paperId: string, titleId: string, question: QuestionForm, score?: number) =>
    http.post<unknown>(`${exam}/title/addEmptyQuestion`, { paperId, titleId, question, score }),
  /** One question's score in this paper (not a composite's: theirs is the sum of their children's). */
  setScore: (id: string, score: number) => http.post<unknown>(`${jd}/paper_question/submit`, { id, score }),
  /** The same score for each of these questions. */
  setScores: (ids: string[], score: number) => http.post<unknown>(`${jd}/paper_question/update_batch`, { ids, score }),
  move: (id: string, direction: 'up' | 'down') => http.post<null>(`${exam}/question/move/${direction}/${id}`),
  /** Out of the paper (a composite with its children); the bank keeps them. */
  remove: (ids: string[]) =>
    http.post<null>(`${jd}/paper_question/remove`, undefined, { params: { ids: ids.join(','), cascade: 1 } }),
};

/** 随机组卷. */
export const blueprintApi = {
  /** How each rule (`index` from 1) can be met: `available` once earlier rules have drawn theirs. */
  check: (paperId: string, rules: BlueprintRule[], seed?: number) =>
    http.post<RuleReport[]>(`${exam}/blueprint/check`, { paperId, rules, seed }),
  /** Replaces the paper's sections with a draw; answers the paper's new view. A rule that cannot be met: 400. */
  draw: (body: DrawBody) => http.post<PaperView>(`${exam}/blueprint/draw`, body),
};
