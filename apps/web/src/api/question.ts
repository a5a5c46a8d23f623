import type {
  EXPORT_FORMATS,
  ImportPlan,
  ImportPreview,
  ImportProgress,
  ImportSaved,
  LibAccess,
  LibOption,
  Page,
  PaperRela,
  Question,
  QuestionForm,
  QuestionLib,
  QuestionLibForm,
  QuestionTree,
} from '@shixun/contracts';
import { website } from '../config.ts';
import { i18n } from '../i18n/index.ts';
import { localTree } from '../i18n/local-name.ts';
import { useAuth } from '../stores/auth.ts';
import { clearSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { ui } from './bridge.ts';
import { flagApi } from './exam.ts';
import { HttpError, http, request, withQuery } from './http.ts';
import { resourceApi } from './resource.ts';

const jd = '/api/jd/pc';
const examBase = '/api/exam/pc';
const exam = `${examBase}/question`;

/** What the caller may change: their own libraries, those shared with them to edit, and (administrators) all. */
export const canEditLib = (access: LibAccess | undefined) =>
  access === 'own' || access === 'edit' || access === 'admin';
/** Who manages a library's shares and publishing: its owner, or an administrator. */
export const canManageLib = (access: LibAccess | undefined) => access === 'own' || access === 'admin';

/**
 * Query key of the library pickers (`get_que_lib_list`). Under `options`, which every CrudPage save refreshes, so a
 * library just added or removed shows in them at once.
 */
export const LIB_OPTIONS_KEY = ['options', 'question-lib'] as const;

/** 题库 (`/api/jd/pc/question_lib`). */
export const libraryApi = {
  ...resourceApi<QuestionLib, QuestionLibForm>(`${jd}/question_lib`),
  /** The libraries a picker offers: those the caller may read, or add questions to. */
  options: (access: 'read' | 'edit') => http.get<LibOption[]>(`${jd}/question_lib/get_que_lib_list`, { access }),
  /** Publishes a library to the public library (公共资源库) or takes it back (owner or administrator). */
  setPublic: (lib: Pick<QuestionLib, 'id' | 'name'>, isPublic: 0 | 1) =>
    http.post<QuestionLib>(`${jd}/question_lib/submit`, { id: lib.id, name: lib.name, isPublic }),
  /** Copies a library the caller may read, with its questions, into a new library of theirs. */
  quote: (id: string, name?: string) =>
    http.post<{ id: string; name: string; count: number }>(`${jd}/question_lib/quote`, { id, name }),
};

/** The knowledge points (分类管理's 知识点 tree), titled in the UI's language. */
export const knowledgeTree = () => flagApi.tree('knowledge').then(localTree);

/** A question as the editor sends it (`submit`/`save`): the form, its items and its knowledge points. */
export type QuestionBody = QuestionForm & { id?: string };
/** A child of a composite question as `addEmptyChildQuestion` takes it (its library and parent come from the URL). */
export type ChildBody = Omit<QuestionForm, 'libId' | 'parentId' | 'sort'>;

/** 试题: `/api/jd/pc/question` (list, submit …) and the `/api/exam/pc/question` family (tree, children, order). */
export const questionApi = {
  ...resourceApi<Question, QuestionForm>(`${jd}/question`),
  /** Questions of published libraries only. */
  publicList: (query: Record<string, string | number | undefined>) =>
    http.get<Page<Question>>(`${jd}/question/public_list`, query),
  /** Several questions at once; a composite question goes with its children. */
  remove: (ids: string[]) =>
    http.post<null>(`${jd}/question/remove`, undefined, { params: { ids: ids.join(','), cascade: 1 } }),
  /** Copies questions the caller may read into a library they may edit. */
  copyInto: (libId: string, ids: string[]) =>
    http.post<{ count: number }>(`${jd}/question/add_question`, { libId, ids }),
  get: (id: string) => http.get<Question>(`${exam}/get/${id}`),
  save: (body: QuestionBody) => http.post<Question>(`${exam}/save`, body),
  /** One question; a composite question with its children. */
  removeOne: (id: string) => request<null>(`${exam}/remove/${id}`, { method: 'DELETE' }),
  /** Is the question (or a child of it) in a paper, and which. */
  usage: (id: string) => http.get<PaperRela>(`${exam}/hasPaperRela/${id}`),
  /** The question with its children, in order. */
  tree: (id: string) => http.get<QuestionTree>(`${exam}/tree/${id}`),
  addChild: (parentId: string, child: ChildBody) =>
    http.post<Question>(`${exam}/addEmptyChildQuestion/${parentId}`, child),
  move: (id: string, direction: 'up' | 'down') => http.post<null>(`${exam}/move/${direction}/${id}`),
  downloadTemplate: (format: (typeof EXPORT_FORMATS)[number]) => http.download(`${exam}/import-template`, { format }),
  /** How far a large import, saved in the background, has come. */
  importProgress: (id: string) => http.get<ImportProgress>(`${exam}/import-progress`, { id }),
  /** A library's questions, or a selection (`ids` wins), as Excel, Word or Moodle XML; Word with or without answers. */
  exportQuestions: (query: {
    format: (typeof EXPORT_FORMATS)[number];
    libId?: string;
    ids?: string[];
    withAnswers: boolean;
  }) =>
    http.download(`${exam}/export`, {
      format: query.format,
      libId: query.ids?.length ? undefined : query.libId,
      ids: query.ids?.length ? query.ids.join(',') : undefined,
      withAnswers: query.withAnswers ? 1 : 0,
    }),
};

/**
 * An import's answer: the preview (`confirm` 0), or how many questions were saved, or the background import saving
 * them (`confirm` 1).
 */
export type ImportAnswer = ImportPreview | ImportSaved;

/**
 * `POST import?libId=&confirm=`: the file is checked (confirm 0, answering the preview) or saved (confirm 1), as
 * the teacher's plan says (fixes, questions skipped, a sheet's columns); a file whose kept questions have problems
 * is refused with 400 and the preview as `data`, which arrives as the error's body). `onProgress` hears
 * how much of the file has been sent, 0–100.
 *
 * The one client (http.ts) is built on fetch, which cannot tell how much of a request body has gone out, so this
 * single call goes through XMLHttpRequest. It keeps the client's rules: the same headers, the envelope read the same
 * way, a 401 signs out; errors are not toasted (the wizard shows them in place) and reject with HttpError.
 */
export function importQuestions(
  file: File,
  query: { libId: string; confirm: boolean; plan?: ImportPlan },
  onProgress?: (percent: number) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withQuery(`${exam}/import`, { libId: query.libId, confirm: query.confirm ? 1 : 0 }));
    xhr.timeout = 300_000;
    xhr.setRequestHeader('Authorization', `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`);
    xhr.setRequestHeader('Accept-Language', useSettings.getState().language === 'en' ? 'en' : 'zh-CN');
    const token = useAuth.getState().accessToken;
    if (token) xhr.setRequestHeader(website.tokenHeader, `bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new HttpError(i18n.t('http.networkError'), 0));
    xhr.ontimeout = () => reject(new HttpError(i18n.t('http.timeout'), 0));
    xhr.onload = () => {
      let body: { code?: unknown; data?: unknown; msg?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status > 500) {
        reject(new HttpError(i18n.t('http.unavailable', { status: xhr.status }), xhr.status, body));
        return;
      }
      const code = (typeof body?.code === 'number' && body.code) || xhr.status;
      const message = typeof body?.msg === 'string' && body.msg ? body.msg : i18n.t('http.unknownError');
      if (code === 401) {
        clearSession();
        if (window.location.pathname !== website.loginPath) ui.navigate(website.loginPath);
      }
      if (code === 403) ui.forbidden();
      if (code !== 200) reject(new HttpError(message, code, body));
      else resolve(body?.data as ImportAnswer);
    };
    const form = new FormData();
    // Before the file: the server reads the fields sent ahead of it.
    if (query.plan) form.append('plan', JSON.stringify(query.plan));
    form.append('file', file);
    xhr.send(form);
  });
}

/** The preview a refused import carried as its error's body, if it did. */
export function previewOf(error: unknown): ImportPreview | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' && 'questions' in data ? (data as ImportPreview) : undefined;
}
