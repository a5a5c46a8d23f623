import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { Api } from '../pages/Api.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import {
  confirmation,
  dialog,
  option,
  p,
  QuestionData,
  QuestionEditor,
  sessionFile,
  storeSession,
  TEACHERS,
} from '../pages/QuestionPages.ts';
import { qrLink } from '../pages/qr.ts';

/**
 * 试卷 as the demo school's first teacher composes them: by hand (sections, questions from the bank and a new one,
 * scores in batch, order, a copied section, the preview and the Word download) and by a blueprint (an infeasible rule
 * reported, fixed, and the same paper drawn again from the same seed). The bank's questions are made through the API.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
});

let serial = 0;
const unique = (name: string) => `${name}${Date.now().toString(36)}${++serial}`;
/** A word of Latin letters alone (search matches whole words), unique to this run. */
const tagWord = () => `zj${Date.now().toString(36)}${++serial}`;
const signIn = (request: Parameters<typeof Api.signIn>[0]) =>
  Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000');

interface View {
  paper: { totalScore: number; blueprint: { seed?: number } | null };
  sections: {
    name: string;
    score: number;
    questionCount: number;
    questions: { questionId: string; score: number }[];
  }[];
}
const viewOf = (api: Api, paperId: string) => api.get<View>(`/api/exam/pc/paper/title/tree/${paperId}`);

/** A library of its own with a formula question, two choices and a true/false one, words unique to this run. */
async function bank(api: Api, tag: string) {
  const data = new QuestionData(api);
  const libName = unique('E2E组卷题库');
  const libId = await data.library(libName);
  const single = (text: string) => ({
    type: 'single',
    stem: p(`${tag} ${text}`),
    items: [option('甲', true), option('乙')],
    score: 2,
  });
  await data.question(libId, single('公差带的位置由什么确定'));
  await data.question(libId, single('可见轮廓线用什么线绘制'));
  await data.question(libId, { type: 'judge', stem: p(`${tag} 勾股定理 $a^2+b^2=c^2$ 成立`), answer: 'T', score: 1 });
  return { libId, libName };
}

test('a teacher composes a paper by hand, previews it and downloads it as Word (zh)', async ({ page, request }) => {
  const api = await signIn(request);
  const tag = tagWord();
  const { libName } = await bank(api, tag);
  const title = unique('E2E期中考试');

  // A new paper opens in its editor.
  await page.goto('/paper/paper');
  await page.getByRole('button', { name: '新增试卷' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '新增试卷' });
  await drawer.getByLabel('试卷名称').fill(title);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/paper\/edit\/\d+$/);
  const paperId = page.url().split('/').pop()!;
  const stats = page.getByTestId('paper-stats');

  // Three sections.
  await page.getByRole('button', { name: '添加第一个大题' }).click();
  for (const [i, name] of ['一、单选题', '二、判断题', '三、简答题'].entries()) {
    if (i > 0) await page.getByRole('button', { name: '添加大题' }).click();
    const add = dialog(page, '添加大题');
    await add.getByLabel('大题名称').fill(name);
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  // Two choices from the bank into the first section, found by their words.
  await page.getByRole('button', { name: /^一、单选题/ }).click();
  await page.getByRole('button', { name: '从题库添加' }).click();
  const picker = dialog(page, /从题库添加试题到/);
  await picker.getByLabel('关键词').fill(tag);
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  for (const words of ['公差带', '可见轮廓线']) {
    await picker.getByRole('checkbox', { name: new RegExp(`选择试题：${tag} ${words}`) }).check({ force: true });
  }
  await picker.getByRole('button', { name: /加入「一、单选题」/ }).click();
  await expect(stats).toHaveText(/总分 4 分 · 共 2 题/);

  // The formula question into the second section.
  await page.getByRole('button', { name: /^二、判断题(?! \(副本\))/ }).click();
  await page.getByRole('button', { name: '从题库添加' }).click();
  await picker.getByLabel('关键词').fill(`${tag} 勾股定理`);
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker
    .getByRole('checkbox', { name: /选择试题：/ })
    .first()
    .check({ force: true });
  await picker.getByRole('button', { name: /加入「二、判断题」/ }).click();
  await expect(stats).toHaveText(/总分 5 分 · 共 3 题/);

  // A new question written in place into the third section.
  await page.getByRole('button', { name: /^三、简答题/ }).click();
  await page.getByRole('button', { name: '新建试题' }).click();
  const start = dialog(page, /新建试题到/);
  await start.getByLabel('保存到题库').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(libName).click();
  await start.locator('.ant-radio-button-wrapper').getByText('简答题', { exact: true }).click();
  await start.getByRole('button', { name: /下一步/ }).click();
  const editor = new QuestionEditor(page, '新增试题');
  await editor.stemText().fill(`${tag} 简述游标卡尺的读数方法。`);
  await editor.save();
  await expect(editor.root).toBeHidden();
  await expect(stats).toHaveText(/共 4 题/);

  // Batch scores for the first section: 5 each.
  await page.getByRole('button', { name: /^一、单选题/ }).click();
  await page.getByLabel('全选').check({ force: true });
  await page.getByRole('button', { name: '批量设置分值' }).click();
  const batch = dialog(page, /为选中的 2 道试题设置分值/);
  await batch.getByLabel('每题分值').fill('5');
  await batch.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('button', { name: /^一、单选题/ })).toContainText('10');

  // Reorder: the second question first.
  let view = await viewOf(api, paperId);
  const [firstId, secondId] = view.sections[0]!.questions.map((q) => q.questionId);
  await page.getByRole('button', { name: '第 1 题下移' }).click();
  await expect
    .poll(async () => (await viewOf(api, paperId)).sections[0]!.questions.map((q) => q.questionId))
    .toEqual([secondId, firstId]);

  // Copy the second section: its structure, named as a copy.
  await page.getByRole('button', { name: '「二、判断题」的操作' }).click();
  await page.getByRole('menuitem', { name: '复制' }).click();
  await expect(page.getByRole('button', { name: /^二、判断题 \(副本\)/ })).toBeVisible();

  view = await viewOf(api, paperId);
  expect(view.sections.map((s) => [s.name, s.questionCount])).toEqual([
    ['一、单选题', 2],
    ['二、判断题', 1],
    ['三、简答题', 1],
    ['二、判断题 (副本)', 0],
  ]);
  expect(view.paper.totalScore).toBe(view.sections.reduce((s, x) => s + x.score, 0));
  await expect(stats).toHaveText(new RegExp(`总分 ${view.paper.totalScore} 分`));

  // The preview, as students will see it: the formula drawn, no answers until asked.
  await page
    .getByRole('link', { name: /预\s*览$/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/paper/preview/${paperId}$`));
  const preview = page.getByTestId('paper-preview');
  await expect(preview).toContainText('一、单选题');
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(preview.getByTestId('question-answers')).toHaveCount(0);
  await page.getByLabel('显示答案与解析').check();
  await expect(preview.getByTestId('question-answers').first()).toBeVisible();

  // The Word file: the sections and the formula as an equation; no answers unless asked.
  const documentXml = async (withAnswers: boolean) => {
    await page.getByRole('button', { name: '下载 Word' }).click();
    const download = dialog(page, /下载 Word/);
    const answers = download.getByLabel('含答案');
    if (withAnswers) await answers.check();
    else await answers.uncheck();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      download.getByRole('button', { name: /下\s?载$/ }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${title}.docx`);
    const zip = await JSZip.loadAsync(await readFile((await file.path())!));
    return zip.file('word/document.xml')!.async('string');
  };
  const plain = await documentXml(false);
  for (const text of ['一、单选题', '三、简答题', '公差带的位置由什么确定']) expect(plain).toContain(text);
  expect(plain).toContain('<m:oMath');
  expect(plain).not.toContain('【答案】');
  expect(await documentXml(true)).toContain('【答案】');
});

test('a teacher composes by blueprint: an infeasible rule is reported, then the same seed draws the same paper', async ({
  page,
  request,
}) => {
  const api = await signIn(request);
  const { libName } = await bank(api, tagWord());
  const paper = await api.post<{ id: string }>('/api/exam/pc/paper/save', {
    title: unique('E2E随机练习'),
    paperType: 'practice',
  });

  await page.goto(`/paper/edit/${paper.id}`);
  await page.getByRole('tab', { name: '随机组卷' }).click();
  await page.getByLabel('规则 1：大题名称').fill('一、单选题');
  await page.getByLabel('规则 1：题库').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(libName).click();
  await page.getByLabel('规则 1：题型').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('单选题').click();
  await page.getByLabel('规则 1：数量').fill('5');
  await page.getByLabel('规则 1：每题分值').fill('4');
  await page.getByRole('button', { name: '检查' }).click();
  const rule = page.locator('[data-rule="1"]');
  await expect(rule).toContainText('需要 5 / 可用 2');

  await page.getByLabel('规则 1：数量').fill('2');
  await page.getByLabel('随机种子').fill('777');
  await page.getByRole('button', { name: '检查' }).click();
  await expect(rule).toContainText('需要 2 / 可用 2');
  await page.getByRole('button', { name: '抽题' }).click();
  await expect(page.getByText(/已抽取 2 道试题，共 8 分/)).toBeVisible();
  const first = await viewOf(api, paper.id);
  expect(first.paper.blueprint?.seed).toBe(777);
  expect(first.sections.map((s) => [s.name, s.questionCount, s.score])).toEqual([['一、单选题', 2, 8]]);

  // Drawn again from the same seed: the same questions, in the same order.
  await page.getByLabel('随机种子').fill('777');
  await page.getByRole('button', { name: '抽题' }).click();
  await confirmation(page, /按规则重新抽题/)
    .getByRole('button', { name: /抽\s*题/ })
    .click();
  await expect.poll(async () => (await viewOf(api, paper.id)).sections[0]?.questions.length).toBe(2);
  const again = await viewOf(api, paper.id);
  expect(again.sections[0]!.questions.map((q) => q.questionId)).toEqual(
    first.sections[0]!.questions.map((q) => q.questionId),
  );
});

test('the paper list and editor read in English', async ({ page }) => {
  await page.goto('/paper/paper');
  await new LoginPage(page).switchLanguage('English');
  await expect(page.getByRole('button', { name: 'Add paper' })).toBeVisible();
  // Found by its title: earlier specs' papers may push the demo paper off the first page.
  const title = page.getByRole('textbox', { name: /Paper title/ });
  await title.fill('机械基础期中考试');
  await title.press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: '机械基础期中考试' });
  await expect(row).toContainText('Exam');
  await row.getByRole('button', { name: /Compose/ }).click();
  await expect(page.getByTestId('paper-stats')).toContainText('Total');
  await expect(page.getByRole('tab', { name: 'Random composition' })).toBeVisible();
  await new LoginPage(page).switchLanguage('中文');
});

test('a paper’s QR code, read from its picture as a phone would, opens the paper (zh)', async ({ page }) => {
  await page.goto('/paper/paper');
  const title = page.getByRole('textbox', { name: /试卷名称/ });
  await title.fill('机械基础期中考试');
  await title.press('Enter');
  await new CrudPage(page).rowActionClick('机械基础期中考试', '二维码');
  const qr = page.getByRole('dialog').filter({ hasText: '试卷二维码' });
  const link = await qrLink(qr.locator('img'));
  expect(link).toMatch(/\/paper\/open\?code=/);
  await expect(qr.getByRole('button', { name: '下载二维码' })).toBeEnabled();
  await expect(qr.getByRole('button', { name: /打\s*印/ })).toBeEnabled();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('试卷：机械基础期中考试')).toBeVisible();
  await expect(page.getByRole('button', { name: '预览试卷' })).toBeVisible();
});
