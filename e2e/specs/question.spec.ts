import { expect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import {
  confirmation,
  DOCX,
  dialog,
  excelFile,
  LibraryScreen,
  option,
  p,
  QuestionData,
  QuestionEditor,
  QuestionScreen,
  roleContext,
  sessionFile,
  storeSession,
  TEACHERS,
  wordFile,
  XLSX,
} from '../pages/QuestionPages.ts';
import { png } from '../pages/samples.ts';

/**
 * 题库 as the demo school's teachers use it: libraries (add, edit, publish, delete, share, quote) and questions of
 * every type (written in the editor, previewed as students see them, edited, deleted), composite questions with
 * their children, and imports from Word and Excel. Each teacher signs in once; data a test is not about is made
 * through the API.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ storageState: sessionFile('first') });

test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
  await storeSession(browser, info, 'second');
});

let serial = 0;
/** A name no other run of the suite has used. */
const unique = (name: string) => `${name}${Date.now().toString(36)}${++serial}`;
const teacherData = async (request: Parameters<typeof Api.signIn>[0], role: keyof typeof TEACHERS = 'first') =>
  new QuestionData(await Api.signIn(request, TEACHERS[role].account, TEACHERS[role].password, '000000'));
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();
// Buttons with an icon carry its name in front of their text; antd spaces out two-character ones without.
const SAVE = /保\s*存$/;
const DELETE = /删\s*除$/;

test('a teacher adds a library in the drawer, edits, publishes and deletes libraries (zh)', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const name = unique('E2E机械制图题库');
  const screen = new LibraryScreen(page);
  await screen.open();

  await page.getByRole('button', { name: '新增题库' }).click();
  await expect(screen.crud.drawer).toContainText('新增题库');
  await screen.crud.drawerButton(SAVE).click();
  await expect(page.getByText('请输入题库名称')).toBeVisible();
  await screen.field('name').fill(name);
  await screen.field('discipline').click();
  await screen.crud.option('数学').click();
  await screen.field('remark').fill('三视图与公差');
  await screen.crud.drawerButton(SAVE).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(screen.row(name)).toContainText('我的');
  await expect(screen.row(name)).toContainText('数学');

  await screen.action(name, '编辑');
  await expect(screen.field('name')).toHaveValue(name);
  await screen.field('remark').fill('三视图、公差与配合');
  await screen.crud.drawerButton(SAVE).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(screen.row(name)).toContainText('三视图、公差与配合');

  // Publishing asks first; the public view lists it, and stops listing it once taken back.
  await screen.view('公共资源库');
  await expect(screen.row(name)).toHaveCount(0);
  await screen.view('我的题库');
  await screen.action(name, '发布到公共资源库');
  await confirmation(page, '确定发布吗').getByRole('button', { name: '发布到公共资源库' }).click();
  await expect(toast(page, '已发布到公共资源库')).toBeVisible();
  await expect(screen.row(name)).toContainText('已发布');
  await screen.view('公共资源库');
  await expect(screen.row(name)).toHaveCount(1);
  await page.screenshot({ path: artifact('question-lib-zh.png') });
  await screen.action(name, '取消发布');
  await confirmation(page, '确定取消发布吗').getByRole('button', { name: '取消发布' }).click();
  await expect(toast(page, '已取消发布')).toBeVisible();
  await expect(screen.row(name)).toHaveCount(0);

  // Deleting says how many questions go with the library.
  const doomed = unique('E2E待删题库');
  const doomedId = await data.library(doomed);
  await data.question(doomedId, { type: 'judge', stem: p('游标卡尺可以测量孔深。'), answer: 'T' });
  await screen.view('全部题库');
  await screen.crud.search('name', doomed);
  await screen.action(doomed, '删除');
  const sure = confirmation(page, `确定删除题库《${doomed}》吗？其中的 1 道试题`);
  await expect(sure).toBeVisible();
  await sure.getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(screen.row(doomed)).toHaveCount(0);
});

test('a single-choice question is written in the editor, checked, previewed, edited and deleted', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E单选题库'));
  const stem = '下列量具中，测量精度最高的是（ ）。';
  const screen = new QuestionScreen(page);
  await screen.open(libId);
  await expect(screen.crud.table).toContainText('暂无数据');

  const editor = await screen.add();
  // Checked by the server's own rules before anything is sent, each message beside its field.
  await editor.save();
  await expect(editor.error('请输入题干')).toBeVisible();
  await expect(editor.error('选项内容不能为空')).toBeVisible();
  await expect(editor.error('单选题须有且只有一个正确答案')).toBeVisible();
  await editor.stemText().fill(stem);
  const texts = ['钢直尺', '游标卡尺', '千分尺', '卷尺'];
  for (const [i, text] of texts.entries()) await editor.option('ABCD'[i]!).fill(text);
  await editor.markRight('C');
  await expect(editor.error('请输入题干')).toHaveCount(0);

  // The preview is the student's view: no answers until the teacher asks for them.
  await editor.button(/预\s*览/).click();
  const paper = screen.preview.getByTestId('question-preview');
  await expect(paper.getByRole('radio')).toHaveCount(4);
  await expect(paper.getByTestId('question-answers')).toHaveCount(0);
  await screen.preview.getByRole('switch', { name: '显示答案与解析' }).click();
  await expect(paper.getByTestId('question-answers')).toContainText('正确答案：C');
  await page.screenshot({ path: artifact('question-preview-single-zh.png') });
  await screen.closePreview();
  await page.screenshot({ path: artifact('question-editor-single-zh.png') });
  await editor.save();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(editor.root).toBeHidden();
  await expect(screen.row(stem)).toContainText('单选题');

  const edit = await screen.edit(stem);
  await expect(edit.option('C')).toHaveText('千分尺');
  await edit.option('D').fill('钢卷尺');
  await edit.markRight('B');
  await edit.save();
  await expect(toast(page, '修改成功')).toBeVisible();
  const saved = await screen.openPreview(stem);
  await expect(saved).toContainText('钢卷尺');
  await screen.preview.getByRole('switch', { name: '显示答案与解析' }).click();
  await expect(saved.getByTestId('question-answers')).toContainText('正确答案：B');
  await screen.closePreview();

  const sure = await screen.remove(stem);
  await expect(sure).toContainText(stem);
  await sure.getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(screen.row(stem)).toHaveCount(0);
});

test('a fill-in-the-blank question: blanks with alternatives, rules and scores', async ({ page, request }) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E填空题库'));
  const stem = '分数二分之一化成小数是____，我国最大的城市是____。';
  const screen = new QuestionScreen(page);
  await screen.open(libId);

  const editor = await screen.add();
  await editor.type('填空题');
  await editor.stemText().fill(stem);
  await editor.save();
  await expect(editor.error('每个空都需要至少一个参考答案')).toBeVisible();
  await editor.blankAnswers(1, ['0.5', '.5']);
  await editor.root.getByRole('button', { name: '添加一个空' }).click();
  await editor.blankAnswers(2, ['上海', '沪']);
  await editor.blank(1).getByText('区分大小写').click();
  await editor.blank(2).getByRole('spinbutton').fill('2');
  // A new fill-in's blank is worth its score (2); the score follows the blanks' total.
  await expect(editor.root).toContainText('共 2 个空，合计 4 分');
  await expect(page.locator('#questionForm_score')).toHaveValue(/^4(\.0)?$/);
  await page.screenshot({ path: artifact('question-editor-fill-zh.png') });
  await editor.save();
  await expect(toast(page, '新增成功')).toBeVisible();

  // A box per blank, the gaps in the stem numbered; the teacher's view lists the accepted answers and rules.
  const paper = await screen.openPreview(stem.slice(0, 8));
  await expect(paper.locator('.qv-blank')).toHaveCount(2);
  await expect(paper.getByRole('textbox')).toHaveCount(2);
  await screen.preview.getByRole('switch', { name: '显示答案与解析' }).click();
  const answers = paper.getByTestId('question-answers');
  await expect(answers).toContainText('0.5 或 .5');
  await expect(answers).toContainText('上海 或 沪');
  await expect(answers.locator('li').first()).toContainText('区分大小写');
  await screen.closePreview();

  const edit = await screen.edit(stem.slice(0, 8));
  await expect(edit.blank(2).locator('.ant-select-selection-item')).toHaveText(['上海', '沪']);
  await edit.root.getByRole('button', { name: '删除第 2 空' }).click();
  await edit.save();
  await expect(toast(page, '修改成功')).toBeVisible();
  const fewer = await screen.openPreview(stem.slice(0, 8));
  await expect(fewer.getByRole('textbox')).toHaveCount(1);
  await screen.closePreview();

  const sure = await screen.remove(stem.slice(0, 8));
  await sure.getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
});

test('a composite question is built with three children, reordered, previewed and deleted with them', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E组合题库'));
  const stem = '阅读下面的材料：某车间用车床加工一批轴，每件都要测量两次。';
  const screen = new QuestionScreen(page);
  await screen.open(libId);

  await screen.add();
  const editor = new QuestionEditor(page, /^(新增试题|编辑试题)$/);
  await editor.type('组合题');
  await editor.stemText().fill(stem);
  await expect(editor.root).toContainText('组合题需要先保存，再添加小题');

  // The first child saves the composite question first, then opens the child's editor.
  const children = [
    { type: '单选题', stem: '加工轴类零件常用的机床是（ ）。' },
    { type: '判断题', stem: '每件零件都要测量两次。' },
    { type: '简答题', stem: '简述测量两次的原因。' },
  ];
  for (const child of children) {
    await editor.addChild(child.type);
    const childEditor = new QuestionEditor(page, '新增小题');
    await expect(childEditor.stemText()).toBeVisible();
    await expect(childEditor.root.locator('.ant-radio-button-wrapper-checked')).toHaveText(child.type);
    await expect(childEditor.root.getByText('组合题', { exact: true })).toHaveCount(0);
    await childEditor.stemText().fill(child.stem);
    if (child.type === '单选题') {
      await childEditor.option('A').fill('车床');
      await childEditor.option('B').fill('刨床');
      await childEditor.root.getByRole('button', { name: '删除选项 D' }).click();
      await childEditor.root.getByRole('button', { name: '删除选项 C' }).click();
      await childEditor.markRight('A');
    }
    if (child.type === '判断题') await childEditor.root.getByText('正确', { exact: true }).click();
    await childEditor.save();
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(childEditor.root).toBeHidden();
  }
  const order = () => editor.children().locator('[title]').allTextContents();
  await expect.poll(order).toEqual(children.map((c) => c.stem));

  // Reordered with the arrows, saved at once.
  await editor.root.getByRole('button', { name: '第 (3) 小题上移' }).click();
  await expect.poll(order).toEqual([children[0]!.stem, children[2]!.stem, children[1]!.stem]);
  await editor.root.getByRole('button', { name: '第 (1) 小题下移' }).click();
  await expect.poll(order).toEqual([children[2]!.stem, children[0]!.stem, children[1]!.stem]);
  const parentId = (await data.questions(libId))[0]!.id;
  expect((await data.children(parentId)).map((c) => c.stem)).toEqual([
    p(children[2]!.stem),
    p(children[0]!.stem),
    p(children[1]!.stem),
  ]);
  await page.screenshot({ path: artifact('question-editor-composite-zh.png') });

  // A child is edited in its own editor.
  await editor.root.getByRole('button', { name: '编辑第 (3) 小题' }).click();
  const childEditor = new QuestionEditor(page, '编辑小题');
  await expect(childEditor.stemText()).toHaveText(children[1]!.stem);
  await childEditor.stemText().fill('每件零件都要测量两次，以减少误差。');
  await childEditor.save();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect.poll(order).toEqual([children[2]!.stem, children[0]!.stem, '每件零件都要测量两次，以减少误差。']);

  // The preview shows the passage, then the children in their order.
  await editor.button(/预\s*览/).click();
  const paper = screen.preview.getByTestId('question-preview');
  await expect(paper.locator('article article header')).toHaveText([/^\(1\)简答题/, /^\(2\)单选题/, /^\(3\)判断题/]);
  await page.screenshot({ path: artifact('question-preview-composite-zh.png') });
  await screen.closePreview();
  await editor.root.locator('.ant-modal-close').click();
  await expect(editor.root).toBeHidden();

  await expect(screen.row(stem.slice(0, 10))).toContainText('含 3 道小题');
  const sure = await screen.remove(stem.slice(0, 10));
  await expect(sure).toContainText('其中组合题的 3 道小题将一并删除');
  await sure.getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  expect(await data.questions(libId)).toHaveLength(0);
});

test('multiple-choice, true-or-false, short-answer, practical and file questions: edit, preview, delete', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E题型题库'));
  const cases = [
    {
      body: {
        type: 'multiple',
        stem: p('下列属于金属材料的有（ ）。'),
        items: [option('钢', true), option('铝', true), option('木材'), option('塑料')],
      },
      student: (paper: ReturnType<Page['locator']>) => expect(paper.getByRole('checkbox')).toHaveCount(4),
      answer: '正确答案：A、B',
    },
    {
      body: { type: 'judge', stem: p('千分尺的精度高于游标卡尺。'), answer: 'T' },
      student: (paper: ReturnType<Page['locator']>) => expect(paper.getByRole('radio')).toHaveCount(2),
      answer: '正确答案：正确',
    },
    {
      body: {
        type: 'short',
        stem: p('简述车削加工的安全要求。'),
        answer: p('戴护目镜，不戴手套。'),
        // A checklist point (no score of its own): the score below can change alone.
        items: [{ content: '戴护目镜', score: 0 }],
      },
      student: (paper: ReturnType<Page['locator']>) =>
        expect(paper.getByRole('textbox', { name: '请在此作答' })).toBeVisible(),
      answer: '戴护目镜',
    },
    {
      body: { type: 'practical', stem: p('用游标卡尺测量轴的直径并记录。'), answer: p('误差不超过 0.02 mm。') },
      student: (paper: ReturnType<Page['locator']>) => expect(paper).toContainText('实操题：请按题目要求完成操作'),
      answer: '误差不超过 0.02 mm',
    },
    {
      body: {
        type: 'file',
        stem: p('上传你绘制的零件图。'),
        config: { fileTypes: ['pdf', 'dwg'], maxSizeMb: 20 },
      },
      student: (paper: ReturnType<Page['locator']>) =>
        expect(paper).toContainText('可上传 pdf、dwg 文件，每个不超过 20 MB'),
      answer: '参考答案',
    },
  ];
  for (const c of cases) await data.question(libId, { score: 2, ...c.body });
  const screen = new QuestionScreen(page);
  await screen.open(libId);
  await expect(screen.crud.rows).toHaveCount(cases.length);

  for (const c of cases) {
    const stem = c.body.stem.replace(/<\/?p>/g, '');
    const paper = await screen.openPreview(stem);
    await c.student(paper);
    await screen.preview.getByRole('switch', { name: '显示答案与解析' }).check();
    await expect(paper.getByTestId('question-answers')).toContainText(c.answer);
    await screen.closePreview();

    const editor = await screen.edit(stem);
    await page.locator('#questionForm_score').fill('5');
    await editor.save();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(editor.root).toBeHidden();
    await expect(screen.row(stem).locator('td').nth(4)).toHaveText('5');

    const sure = await screen.remove(stem);
    await sure.getByRole('button', { name: DELETE }).click();
    await expect(screen.row(stem)).toHaveCount(0);
  }
  await expect(screen.crud.table).toContainText('暂无数据');
});

test('a library shared read-only with a second teacher: they see it read-only and quote it', async ({
  page,
  request,
  browser,
}, info) => {
  const data = await teacherData(request);
  const name = unique('E2E共享题库');
  const libId = await data.library(name, '共享给李老师');
  const stem = '螺纹的牙型角通常是（ ）。';
  await data.question(libId, { type: 'single', stem: p(stem), items: [option('60°', true), option('55°')] });

  const screen = new LibraryScreen(page);
  await screen.open();
  await screen.crud.search('name', name);
  await screen.action(name, '共享');
  const share = dialog(page, `共享题库《${name}》`);
  await expect(share).toContainText('还没有共享给任何人');
  await share.locator('#shareForm_grantee').click();
  // Searched by account: other tests add teachers of the same name.
  await share.locator('#shareForm_grantee').fill(TEACHERS.second.account);
  // Shares name a teacher by their user id: the picker lists the teachers the server gives with one.
  const teacher = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `${TEACHERS.second.name}（${TEACHERS.second.account}）` });
  await expect(
    teacher,
    `${TEACHERS.second.name} is offered (GET teacher/select answers each teacher's userId)`,
  ).toBeVisible();
  await teacher.click();
  await share.getByRole('button', { name: /共\s*享$/ }).click();
  await expect(toast(page, '已共享')).toBeVisible();
  await expect(share.locator('tbody tr')).toContainText([TEACHERS.second.name]);
  await page.screenshot({ path: artifact('question-share-zh.png') });
  await share.locator('.ant-modal-footer').getByRole('button').click();

  // 李老师, signed in on their own: the library is theirs to read and quote, not to change.
  const second = await roleContext(browser, info, 'second');
  const theirs = await second.newPage();
  const their = new LibraryScreen(theirs);
  await their.open();
  await their.view('共享给我');
  await expect(their.row(name)).toContainText('只读');
  expect(await their.actions(name)).toEqual(['试题', '引用']);
  await theirs.screenshot({ path: artifact('question-lib-shared-readonly-zh.png') });
  await their.row(name).getByRole('button', { name: '试题' }).click();
  await expect(theirs).toHaveURL(new RegExp(`/question/question\\?libId=${libId}$`));
  const questions = new QuestionScreen(theirs);
  await expect(questions.row(stem)).toHaveCount(1);
  await expect(questions.row(stem).getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);
  await expect(questions.row(stem).getByRole('button', { name: /^删\s*除$/ })).toHaveCount(0);

  await their.open();
  await their.view('共享给我');
  await their.action(name, '引用');
  const quote = dialog(theirs, `引用题库《${name}》`);
  await expect(quote.locator('#quoteForm_name')).toHaveValue(name);
  await quote.locator('#quoteForm_name').fill(`${name}（引用）`);
  await quote.getByRole('button', { name: /引\s*用$/ }).click();
  const done = confirmation(theirs, '引用成功');
  await expect(done).toContainText(`已引用到我的题库《${name}（引用）》，共 1 道试题`);
  await done.getByRole('button', { name: '查看新题库的试题' }).click();
  await expect(theirs).toHaveURL(/\/question\/question\?libId=/);
  await expect(questions.row(stem)).toHaveCount(1);
  // The copy is theirs: now they may edit it.
  await expect(questions.row(stem).getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(1);
  await second.close();
});

test('importing a paper whose key is at the end: one flagged question fixed in place, one skipped, the rest imported', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E导入Word'));
  const screen = new QuestionScreen(page);
  await screen.open(libId);
  await screen.crud.toolbarButton('导入').click();
  const wizard = dialog(page, '导入试题');
  await expect(wizard.getByRole('button', { name: '下载 Excel 模板' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: '下载 Word 样例' })).toBeVisible();

  // A paper as teachers have it: the answers in a key after the questions, one of them wrong (E), and a line that
  // is no question.
  const paper = await wordFile([
    '一、单选题',
    '1. 千分尺的读数精度是（ ）。',
    'A. 0.1 mm  B. 0.01 mm  C. 1 mm',
    { text: '2. 分数 $\\frac{1}{2}$ 化成小数是（ ）。', picture: png(32, 32) },
    'A. 0.2  B. 0.5',
    '3. 游标卡尺的主尺单位是（ ）。',
    'A. 厘米  B. 毫米',
    '二、判断题',
    '4. 游标卡尺可以测量孔的深度。',
    '5. 本卷共两页。',
    '参考答案',
    '1—3 BBE',
    '4. 正确',
  ]);
  await wizard.locator('input[type=file]').setInputFiles({ name: '期中试卷.docx', mimeType: DOCX, buffer: paper });
  const cards = wizard.getByTestId('import-question');
  const card = (label: string) => cards.filter({ has: page.getByText(label, { exact: true }) });
  await expect(cards).toHaveCount(5);
  await expect(wizard).toContainText('共 5 道试题，其中 2 道有问题');
  // Each question as it will be saved: the answer from the key marked.
  await expect(card('第 1 题').getByTestId('question-answers')).toContainText('B');
  await expect(card('第 3 题')).toHaveAttribute('data-status', 'flagged');
  await expect(card('第 3 题')).toContainText('答案“E”不在选项之中');
  // Beside it, the lines of the file it was read from.
  await card('第 3 题').getByText('原文').click();
  await expect(card('第 3 题').locator('pre')).toHaveText('3. 游标卡尺的主尺单位是（ ）。\nA. 厘米  B. 毫米');
  await expect(wizard.getByRole('button', { name: '导入 5 道试题' })).toBeDisabled();
  expect(await axeFindings(page, 'question import preview')).toEqual([]);
  await page.screenshot({ path: artifact('question-import-flagged-zh.png') });

  // Fixed in place, in the import's own words; checked again by the server.
  await card('第 3 题')
    .getByRole('button', { name: /修\s*改/ })
    .click();
  await card('第 3 题').getByLabel('答案').fill('B');
  await page.screenshot({ path: artifact('question-import-fix-zh.png') });
  await card('第 3 题').getByRole('button', { name: '保存并检查' }).click();
  await expect(card('第 3 题')).toHaveAttribute('data-status', 'ok');
  // The line that is no question, skipped.
  await card('第 5 题')
    .getByRole('button', { name: /跳\s*过/ })
    .click();
  await expect(card('第 5 题')).toHaveAttribute('data-status', 'skipped');
  await expect(wizard).toContainText('可以导入 4 道试题');
  await page.screenshot({ path: artifact('question-import-fixed-zh.png') });
  await wizard.getByRole('button', { name: '导入 4 道试题' }).click();
  await expect(wizard).toContainText('已导入 4 道试题');
  await wizard.getByRole('button', { name: '查看试题' }).click();
  await expect(page.getByText('共 4 条')).toBeVisible();
  await screen.find('化成小数');

  // Rendered as students see it: the formula drawn by KaTeX, the picture shown.
  const preview = await screen.openPreview('化成小数');
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(preview.locator('.katex-mathml annotation')).toHaveText('\\frac{1}{2}');
  const picture = preview.locator('img').first();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screen.closePreview();
});

test("importing other systems' files: a sheet with other column names mapped, a Moodle XML file", async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E导入Excel'));
  const screen = new QuestionScreen(page);
  await screen.open(libId);
  await screen.crud.toolbarButton('导入').click();
  const wizard = dialog(page, '导入试题');

  // Another exam system's sheet: a title row, its own header names, and one column the import cannot know.
  const sheet = await excelFile([
    ['第一单元练习（共 200 题）'],
    ['序号', '试题类型', '题目', '选项一', '选项二', '选项三', '正确答案', '分数', '讲解'],
    ['1', '单选题', '方程 $x+2=5$ 的解是（ ）。', '2', '3', '5', 'B', '2', '移项得 x=3。'],
    ...Array.from({ length: 199 }, (_, i) => [
      `${i + 2}`,
      '判断题',
      `${i + 1} 是偶数。`,
      '',
      '',
      '',
      i % 2 ? '正确' : '错误',
      '1',
      '',
    ]),
  ]);
  await wizard.locator('input[type=file]').setInputFiles({ name: '练习.xlsx', mimeType: XLSX, buffer: sheet });
  const mapping = wizard.getByText('列对应（表头在第 2 行）');
  await expect(mapping).toBeVisible();
  await expect(wizard).toContainText('可以导入 200 道试题');
  const first = wizard.getByTestId('import-question').first();
  await expect(first).toContainText('第 3 行');
  // The row as the sheet has it, beside the question: 讲解 is there, but not read as anything yet.
  await expect(first.locator('details pre')).toContainText('讲解：移项得 x=3。');
  await expect(first.getByTestId('question-answers')).not.toContainText('移项得');
  // 讲解 is the analysis: said once, and the sheet read again.
  await wizard.getByLabel('I 列：讲解').click();
  await page.keyboard.type('解析');
  await page.keyboard.press('Enter');
  await page.screenshot({ path: artifact('question-import-columns-zh.png') });
  await wizard.getByRole('button', { name: '按此对应重新检查' }).click();
  await expect(first.getByTestId('question-answers')).toContainText('移项得 x=3。');
  await wizard.getByRole('button', { name: '导入 200 道试题' }).click();
  await expect(wizard).toContainText('已导入 200 道试题');

  // A Moodle question bank, as Moodle exports it.
  await wizard.getByRole('button', { name: '继续导入' }).click();
  const moodle = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>量具</text></name>
    <questiontext format="html"><text><![CDATA[<p>游标卡尺的分度值通常是（ ）。</p>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
    <single>true</single>
    <answer fraction="0"><text>0.1 mm</text></answer>
    <answer fraction="100"><text>0.02 mm</text></answer>
  </question>
  <question type="truefalse">
    <name><text>千分尺</text></name>
    <questiontext format="html"><text>千分尺比游标卡尺更精确。</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`,
  );
  await wizard.locator('input[type=file]').setInputFiles({ name: 'moodle.xml', mimeType: 'text/xml', buffer: moodle });
  await expect(wizard).toContainText('可以导入 2 道试题');
  await expect(wizard.getByTestId('import-question').first()).toContainText('0.02 mm');
  await wizard.getByRole('button', { name: '导入 2 道试题' }).click();
  await expect(wizard).toContainText('已导入 2 道试题');
  await wizard.getByRole('button', { name: '查看试题' }).click();
  await expect(page.getByText('共 202 条')).toBeVisible();
  await screen.find('的解是');
  const paper = await screen.openPreview('的解是');
  await expect(paper.locator('.katex-mathml annotation')).toHaveText('x+2=5');
  await screen.closePreview();

  // And back out: the library as Excel, to correct and import again.
  await screen.crud.toolbarButton('导出').click();
  const exporter = dialog(page, '导出试题');
  await expect(exporter).toContainText('全部试题');
  await exporter.getByText('Excel（可再导入）').click();
  const download = page.waitForEvent('download');
  await exporter
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /导\s*出$/ })
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a file of 2,001 questions is saved in the background while the wizard shows how far it has come', async ({
  page,
  request,
}) => {
  const data = await teacherData(request);
  const libId = await data.library(unique('E2E大批导入'));
  const screen = new QuestionScreen(page);
  await screen.open(libId);
  await screen.crud.toolbarButton('导入').click();
  const wizard = dialog(page, '导入试题');
  const lines = Array.from(
    { length: 2001 },
    (_, i) => `${i + 1}. 第 ${i + 1} 题的说法正确。\n答案：${i % 2 ? '错误' : '正确'}`,
  );
  await wizard
    .locator('input[type=file]')
    .setInputFiles({ name: '判断题库.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
  await expect(wizard).toContainText('可以导入 2001 道试题', { timeout: 30_000 });
  await wizard.getByRole('button', { name: '导入 2001 道试题' }).click();
  await expect(wizard.getByTestId('import-saving')).toContainText('正在后台分批保存');
  await page.screenshot({ path: artifact('question-import-saving-zh.png') });
  await expect(wizard).toContainText('已导入 2001 道试题', { timeout: 30_000 });
  await wizard.getByRole('button', { name: '查看试题' }).click();
  await screen.find('第 2001 题的说法正确');
});

test('the question bank in English', async ({ page, request }) => {
  const data = await teacherData(request);
  const name = unique('E2E English library');
  const libId = await data.library(name);
  await data.question(libId, { type: 'judge', stem: p('A micrometer is more precise than a ruler.'), answer: 'T' });
  const screen = new LibraryScreen(page);
  await screen.open();
  await new LoginPage(page).switchLanguage('English');
  await expect(page.getByRole('button', { name: 'Add library' })).toBeVisible();
  await expect(page.locator('.ant-segmented')).toContainText('Shared with me');
  await expect(screen.crud.columnTitles()).toContainText(['Library name', 'Discipline', 'Access', 'Questions']);
  await expect(screen.row(name)).toContainText('Mine');
  await page.screenshot({ path: artifact('question-lib-en.png') });

  const questions = new QuestionScreen(page);
  await questions.open(libId);
  await expect(questions.row('A micrometer')).toContainText('True or false');
  const paper = await questions.openPreview('A micrometer');
  await expect(paper.getByRole('radio', { name: 'True' })).toBeVisible();
  await questions.preview.getByRole('switch', { name: 'Show answers and analysis' }).check();
  await expect(paper.getByTestId('question-answers')).toContainText('Right answer: True');
  await page.screenshot({ path: artifact('question-preview-en.png') });
  await questions.closePreview();
  await new LoginPage(page).switchLanguage('中文');
});
