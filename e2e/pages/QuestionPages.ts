import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import type { Api } from './Api.ts';
import { CrudPage } from './CrudPage.ts';
import { LoginPage } from './LoginPage.ts';

/** The demo school's two teachers (apps/server/src/seed/academic-demo.ts): 王老师 and 李老师. */
export const TEACHERS = {
  first: { account: 'teacher1', password: 'teacher', name: '王老师' },
  second: { account: 'teacher2', password: 'teacher', name: '李老师' },
} as const;
/** Demo students of 2024级/1班, which teacher1 teaches. */
export const STUDENTS = {
  s2: { account: 'student02', password: 'student', name: '学生02' },
  s3: { account: 'student03', password: 'student', name: '学生03' },
} as const;
const ACCOUNTS = { ...TEACHERS, ...STUDENTS };
export type Role = keyof typeof ACCOUNTS;

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Where a role's signed-in session is kept for the tests of this worker. */
export const sessionFile = (role: Role) => path.join(tmpdir(), `shixun-e2e-sessions-${process.pid}`, `${role}.json`);

/**
 * Signs a teacher (or student) in through the login page once and keeps the session (the browser's storage) in `sessionFile`,
 * which every test of that role starts from.
 */
export async function storeSession(browser: Browser, info: TestInfo, role: Role): Promise<void> {
  const file = sessionFile(role);
  await mkdir(path.dirname(file), { recursive: true });
  // Signed out: the tests' browser contexts would otherwise start from the session this makes.
  const context = await browser.newContext({ ...contextOptions(info), storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(ACCOUNTS[role].account, ACCOUNTS[role].password);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await context.storageState({ path: file });
  await context.close();
}

/** The project's browser settings (address, language, viewport, no motion), for a context a test opens itself. */
function contextOptions(info: TestInfo) {
  const use = info.project.use;
  return {
    baseURL: use.baseURL,
    locale: use.locale,
    viewport: use.viewport,
    reducedMotion: use.reducedMotion,
  };
}

/** A second browser session, as another role, beside the test's own page. */
export async function roleContext(browser: Browser, info: TestInfo, role: Role): Promise<BrowserContext> {
  return browser.newContext({ ...contextOptions(info), storageState: sessionFile(role) });
}

// ---------------------------------------------------------------------------------------------------------------
// Data set up through the API

export interface QuestionRow {
  id: string;
  libId: string;
  type: string;
  stem: string;
  childCount: number;
}

type Item = { content: string; isAnswer?: number; score?: number; config?: Record<string, boolean> };
export interface QuestionBody {
  type: string;
  stem: string;
  answer?: string;
  analysis?: string;
  score?: number;
  difficulty?: number;
  items?: Item[];
  config?: { fileTypes?: string[]; maxSizeMb?: number };
}

/** Libraries and questions made through the API, for tests whose subject is another step. */
export class QuestionData {
  constructor(private readonly api: Api) {}

  async library(name: string, remark = ''): Promise<string> {
    const lib = await this.api.post<{ id: string }>('/api/jd/pc/question_lib/submit', { name, remark, discipline: '' });
    return lib.id;
  }

  async question(libId: string, body: QuestionBody): Promise<QuestionRow> {
    return this.api.post<QuestionRow>('/api/exam/pc/question/save', { libId, ...body });
  }

  async child(parentId: string, body: QuestionBody): Promise<QuestionRow> {
    return this.api.post<QuestionRow>(`/api/exam/pc/question/addEmptyChildQuestion/${parentId}`, body);
  }

  async children(id: string): Promise<QuestionRow[]> {
    return (await this.api.get<{ children: QuestionRow[] }>(`/api/exam/pc/question/tree/${id}`)).children;
  }

  async questions(libId: string): Promise<QuestionRow[]> {
    return (await this.api.get<{ records: QuestionRow[] }>('/api/jd/pc/question/list', { libId, size: '200' })).records;
  }

  async libraries(name: string): Promise<{ id: string; name: string; access: string; questionCount: number }[]> {
    return (
      await this.api.get<{ records: { id: string; name: string; access: string; questionCount: number }[] }>(
        '/api/jd/pc/question_lib/list',
        { name },
      )
    ).records;
  }
}

export const p = (text: string) => `<p>${text}</p>`;
export const option = (text: string, right = false): Item => ({ content: p(text), isAnswer: right ? 1 : 0 });

// ---------------------------------------------------------------------------------------------------------------
// Import files, built the way the server's own transfer tests build them (docx, ExcelJS)

/** A paragraph of text, or of text followed by a picture. */
export type WordLine = string | { text: string; picture: Buffer };

/** A .docx of one paragraph per line, laid out as the import expects (apps/server/…/transfer/LAYOUT.md). */
export async function wordFile(lines: WordLine[]): Promise<Buffer> {
  const paragraphs = lines.map((line) =>
    typeof line === 'string'
      ? new Paragraph({ children: [new TextRun(line)] })
      : new Paragraph({
          children: [
            new TextRun(line.text),
            new ImageRun({ type: 'png', data: line.picture, transformation: { width: 48, height: 48 } }),
          ],
        }),
  );
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

/** An .xlsx whose first sheet holds `rows` (the first is the header, in the template's words). */
export async function excelFile(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------------------------------------------------------
// Screens

/** A dialog by its title (the last one opened when several share it). */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title').getByText(title) })
    .last();
}

/** A confirmation (modal.confirm) holding `text`. */
export function confirmation(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-modal-confirm').filter({ hasText: text }).last();
}

/** 题库管理: the list (CrudPage), its views, the add/edit drawer and the row actions. */
export class LibraryScreen {
  readonly crud: CrudPage;

  constructor(readonly page: Page) {
    this.crud = new CrudPage(page);
  }

  async open(): Promise<void> {
    await this.page.goto('/question/lib');
    await expect(this.crud.table).toBeVisible();
  }

  /** 全部题库 / 我的题库 / 共享给我 / 公共资源库. */
  async view(name: string): Promise<void> {
    await this.page.locator('.ant-segmented').getByText(name, { exact: true }).click();
  }

  /** A field of the add/edit drawer. */
  field(prop: string): Locator {
    return this.page.locator(`#libraryForm_${prop}`);
  }

  row(name: string): Locator {
    return this.crud.rows.filter({ has: this.page.locator('[data-lib]').getByText(exactly(name)) });
  }

  /** Runs a row action, from the row or its 更多 menu. */
  async action(name: string, action: string): Promise<void> {
    await this.crud.rowActionClick(name, action);
  }

  /** The names of a row's actions, those in its 更多 menu included (the menu is opened and closed again). */
  async actions(name: string): Promise<string[]> {
    const row = this.row(name);
    await row.first().waitFor();
    const inline = (await row.locator('td').last().getByRole('button').allTextContents()).map((s) => s.trim());
    const more = row.getByRole('button', { name: /^(更多|More)$/ });
    if (!(await more.count())) return inline.filter(Boolean);
    await more.click();
    const menu = this.page.locator('.ant-dropdown:visible').getByRole('menuitem');
    await expect(menu.first()).toBeVisible();
    const items = (await menu.allTextContents()).map((s) => s.trim());
    await this.page.keyboard.press('Escape');
    return [...inline.filter((s) => s && !/^(更多|More)$/.test(s)), ...items];
  }
}

/** The question editor (a window as wide as the screen), a new question's or a child's too. */
export class QuestionEditor {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    title: string | RegExp = /^(新增试题|编辑试题|新增小题|编辑小题|Add question|Edit question)$/,
  ) {
    this.root = dialog(page, title);
  }

  async type(name: string): Promise<void> {
    await this.root.locator('.ant-radio-button-wrapper').getByText(name, { exact: true }).click();
  }

  /** The stem's text box. */
  stemText(): Locator {
    return this.root.getByRole('textbox', { name: /^(题干|Stem)$/ });
  }

  option(letter: string): Locator {
    return this.root.getByRole('textbox', { name: `选项 ${letter} 的内容` });
  }

  async markRight(letter: string): Promise<void> {
    await this.root.locator(`[data-option="${letter}"]`).getByText('正确答案').click();
  }

  /** Types accepted answers into a blank, each followed by Enter. */
  async blankAnswers(n: number, answers: string[]): Promise<void> {
    const input = this.root.getByRole('combobox', { name: `第 ${n} 空的参考答案` });
    for (const answer of answers) {
      await input.fill(answer);
      await input.press('Enter');
    }
  }

  blank(n: number): Locator {
    return this.root.locator(`[data-blank="${n}"]`);
  }

  button(name: string | RegExp): Locator {
    return this.root.locator('.ant-modal-footer').getByRole('button', { name });
  }

  async save(): Promise<void> {
    await this.button(/保\s*存|Save/).click();
  }

  /** An error message shown beside a field. */
  error(text: string): Locator {
    return this.root.locator('.ant-form-item-explain-error').filter({ hasText: text });
  }

  children(): Locator {
    return this.root.getByTestId('child-list').locator('li');
  }

  /** Adds a child of this type through 添加小题. */
  async addChild(type: string): Promise<void> {
    await this.root.getByTestId('add-child').click();
    await this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: type }).click();
  }
}

/** 试题管理: filters, the knowledge tree, the list and its dialogs. */
export class QuestionScreen {
  readonly crud: CrudPage;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.crud = new CrudPage(page);
    this.preview = dialog(page, /试题预览|Question preview/);
  }

  /** The list narrowed to one library, as 题库管理's 试题 link opens it. */
  async open(libId?: string): Promise<void> {
    await this.page.goto(libId ? `/question/question?libId=${libId}` : '/question/question');
    await expect(this.crud.table).toBeVisible();
  }

  row(stem: string): Locator {
    return this.crud.rows.filter({ has: this.page.locator('[data-question]').getByText(stem) });
  }

  async add(): Promise<QuestionEditor> {
    await this.crud.toolbarButton('新增试题').click();
    const editor = new QuestionEditor(this.page, '新增试题');
    await expect(editor.stemText()).toBeVisible();
    return editor;
  }

  async edit(stem: string, title = '编辑试题'): Promise<QuestionEditor> {
    await this.row(stem)
      .getByRole('button', { name: /^编\s*辑$/ })
      .click();
    const editor = new QuestionEditor(this.page, title);
    await expect(editor.stemText()).toBeVisible();
    return editor;
  }

  /** Narrows the list to questions with these words (the 关键词 filter). */
  async find(words: string): Promise<void> {
    const box = this.page.getByPlaceholder(/题干、选项或答案中的词|In the stem, options or answer/);
    await box.fill(words);
    await box.press('Enter');
    await expect(this.row(words)).toHaveCount(1);
  }

  /** Opens the preview of a row (its stem is a link), as a student sees it. */
  async openPreview(stem: string): Promise<Locator> {
    await this.row(stem).locator('[data-question]').click();
    const paper = this.preview.getByTestId('question-preview');
    await expect(paper.locator('article').first()).toBeVisible();
    return paper;
  }

  async closePreview(): Promise<void> {
    await this.preview.locator('.ant-modal-footer').getByRole('button').click();
    await expect(this.preview).toBeHidden();
  }

  async remove(stem: string): Promise<Locator> {
    await this.row(stem)
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    return confirmation(this.page, '删除试题');
  }
}
