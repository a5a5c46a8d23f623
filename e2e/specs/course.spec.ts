import { expect, test } from '@playwright/test';
import { demoVideo } from '../../apps/server/src/seed/demo-video.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { sessionFile, storeSession } from '../pages/QuestionPages.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { pdf, pptx } from '../pages/samples.ts';

test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
});

test('a teacher builds a course: three levels of topics, a PDF, a video and slides, a practice paper, a class, a locked chapter, published (zh)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `E2E机械制图${Date.now().toString(36)}`;
  const courses = new CrudPage(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/wel/index');
  await new ShellPage(page).openMenu('课程', '课程管理');

  // The course, taught to 2024级/1班.
  await courses.toolbarButton('新增').click();
  await courses.formField('name').fill(name);
  await courses.formField('hours').fill('48');
  await courses.formField('classes').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^1班$/ }).first().click();
  await courses.drawer.getByText('课程名称').first().click(); // close the tree's popup
  await page.screenshot({ path: artifact('course-form-1366.png') });
  await courses.drawerButton(/保\s*存/).click();
  await expect(courses.toast('新增成功')).toBeVisible();
  await courses.search('name', name);
  await expect(courses.row(name)).toContainText('2024级/1班');
  await expect(courses.row(name)).toContainText('未发布');

  // The editor: two chapters, a section under the first.
  await courses.rowActionClick(name, '编辑课程内容');
  await expect(page).toHaveURL(/\/course\/course_sub\/index\?courseId=/);
  const tree = page.locator('.ant-tree');
  const addTopic = async (title: string) => {
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#topicForm_name') });
    await dialog.locator('#topicForm_name').fill(title);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(tree.getByText(title, { exact: true })).toBeVisible();
  };
  await page.getByRole('button', { name: '新增章' }).click();
  await addTopic('第一章 量具与测量');
  await page.getByRole('button', { name: '新增章' }).click();
  await addTopic('第二章 车削加工');
  await tree.getByText('第一章 量具与测量', { exact: true }).click();
  await page.getByRole('button', { name: '新增下级知识点' }).click();
  await addTopic('1.1 游标卡尺');

  // The new section is picked: its coursewares and papers show. A PDF courseware, uploaded and previewed.
  const wares = new CrudPage(page, { name: 'courseware' });
  await expect(page.getByRole('heading', { name: '“1.1 游标卡尺”的课件' })).toBeVisible();
  await wares.toolbarButton('新增').click();
  await wares.formField('name').fill('游标卡尺读数讲义');
  await wares.drawer.getByTestId('resumable-upload-input').setInputFiles({
    name: 'caliper.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Vernier caliper'),
  });
  await expect(wares.drawer.getByTestId('courseware-file')).toContainText('caliper.pdf');
  await page.screenshot({ path: artifact('courseware-form-1366.png') });
  await wares.drawerButton(/保\s*存/).click();
  await expect(wares.toast('新增成功')).toBeVisible();
  await expect(wares.row('游标卡尺读数讲义')).toContainText('caliper.pdf');
  await wares.rowActionClick('游标卡尺读数讲义', '预览');
  await expect(page.getByTestId('file-preview')).toHaveAttribute('data-mode', 'pdf');
  await page
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // A practice paper of the demo, added through 添加试卷.
  await page.getByRole('button', { name: '添加试卷' }).click();
  const adding = page.locator('.ant-modal').filter({ hasText: '添加所选' });
  await adding.getByRole('checkbox', { name: '数学基础练习' }).check();
  await adding.getByRole('button', { name: /添加所选（1）/ }).click();
  await expect(page.getByText('已添加 1 份试卷')).toBeVisible();
  const papers = page.locator('.ant-card').filter({ hasText: '“1.1 游标卡尺”的练习试卷' });
  await expect(papers.locator('tbody')).toContainText('数学基础练习');
  await expect(tree).toContainText('1.1 游标卡尺 (1/1)');

  // A third level, 1.1.1, with a video and a slide deck.
  await page.getByRole('button', { name: '新增下级知识点' }).click();
  await addTopic('1.1.1 读数练习');
  await expect(page.getByRole('heading', { name: '“1.1.1 读数练习”的课件' })).toBeVisible();
  for (const [title, file] of [
    ['读数演示视频', { name: 'reading.webm', mimeType: 'video/webm', buffer: demoVideo() }],
    [
      '读数方法幻灯片',
      {
        name: 'reading.pptx',
        mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        buffer: pptx('游标卡尺读数'),
      },
    ],
  ] as const) {
    await wares.toolbarButton('新增').click();
    await wares.formField('name').fill(title);
    await wares.drawer.getByTestId('resumable-upload-input').setInputFiles(file);
    await expect(wares.drawer.getByTestId('courseware-file')).toContainText(file.name);
    await wares.drawerButton(/保\s*存/).click();
    await expect(wares.toast('新增成功')).toBeVisible();
    await expect(wares.row(title)).toContainText(file.name);
  }
  // The slides before the video: the order students see.
  await wares.rowActionClick('读数方法幻灯片', '上移');
  await expect(wares.table.locator('.ant-table-row').first()).toContainText('读数方法幻灯片');

  // 第二章 opens only once 第一章 is complete.
  await tree.getByText('第二章 车削加工', { exact: true }).click();
  await page.getByRole('button', { name: '需完成上一个知识点' }).click();
  await expect(page.locator('.ant-message').getByText('已设为需完成上一个知识点')).toBeVisible();
  await expect(tree.locator('.ant-tree-treenode').filter({ hasText: '第二章 车削加工' })).toContainText(
    '需先学完上一个',
  );

  expect(await axeFindings(page, 'course editor')).toEqual([]);
  await page.screenshot({ path: artifact('course-editor-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tree).toBeVisible();
  await page.screenshot({ path: artifact('course-editor-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Published to its class.
  await page.getByRole('button', { name: '返回课程管理' }).click();
  await courses.search('name', name);
  await expect(courses.row(name)).toContainText('4');
  await courses.rowActionClick(name, '发布');
  await expect(courses.toast('课程已发布给所授班级的学生')).toBeVisible();
  await expect(courses.row(name)).toContainText('已发布');
  expect(await axeFindings(page, 'courses')).toEqual([]);
  await page.screenshot({ path: artifact('course-list-1366.png') });
});
