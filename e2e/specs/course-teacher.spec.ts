import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';

// 王老师 (teacher1) and the demo course 机械制图与识图 (apps/server/src/seed/course-demo.ts), taught to 2024级1班,
// where student01 has completed one of its three coursewares.
test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
});

const DEMO = '机械制图与识图';

/** 学习进度 of the demo course for 2024级1班: 学生01's row in the matrix, and the matrix as an .xlsx download. */
test('a teacher: class progress of the demo course and its Excel (zh)', async ({ page }) => {
  // 学习进度 of the demo course: 2024级1班 picked first, student01's row in the matrix.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/course/course');
  const courses = new CrudPage(page);
  await courses.search('name', DEMO);
  await courses.rowActionClick(DEMO, '学习进度');
  const drawer = page.locator('.ant-drawer').filter({ hasText: `学习进度 · ${DEMO}` });
  await expect(drawer.locator('#progress-class').locator('..').locator('..')).toContainText('2024级/1班');
  const matrix = drawer.getByTestId('progress-matrix');
  const student01 = matrix.locator('tbody tr').filter({ hasText: '学生01' });
  await expect(student01).toHaveCount(1);
  // One of three coursewares completed overall.
  await expect(student01.locator('td').first()).toHaveText('33%');
  // 2.1 尺寸标注 holds no courseware: "—", not a 100 % nobody earned.
  await expect(student01.locator('td').last()).toHaveText('—');
  await expect(matrix.locator('thead')).toContainText('第一章');
  await expect(drawer.getByText('视频在哪里流失观众')).toBeVisible();
  expect(await axeFindings(page, 'course progress drawer')).toEqual([]);
  await page.screenshot({ path: artifact('course-progress-1366.png') });

  // 导出 Excel: the server's name, a real .xlsx (a zip: starts with PK).
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: /导出 Excel/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${DEMO}-学习进度.xlsx`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

/** The prerequisite lock on a topic shown in the editor's tree; another teacher's public course in 公共资源库. */
test('a teacher: a topic lock in the editor, the public library (zh)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const tag = Date.now().toString(36);
  const [first, second] = await Promise.all([
    Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000'),
    Api.signIn(request, TEACHERS.second.account, TEACHERS.second.password, '000000'),
  ]);
  // 李老师 publishes a course to the library; 王老师 has a course of his own to lock a topic in.
  const [shared, own] = await Promise.all([
    second.post<{ id: string }>('/api/jd/pc/course/submit', { name: `E2E公开课程${tag}`, hours: 8, isPublic: 1 }),
    first.post<{ id: string }>('/api/jd/pc/course/submit', {
      name: `E2E锁定${tag}`,
      hours: 8,
      // 2024级1班 (the demo seed's class 70140), to give 第二章 a release date for.
      classes: [{ classId: '70140' }],
    }),
  ]);
  await Promise.all([
    second.post('/api/jd/pc/course_sub/submit', { courseId: shared.id, name: '第一章 公开章节' }),
    first
      .post('/api/jd/pc/course_sub/submit', { courseId: own.id, name: '第一章 基础' })
      .then(() => first.post('/api/jd/pc/course_sub/submit', { courseId: own.id, name: '第二章 进阶' })),
  ]);

  // The lock: 第二章 requires 第一章, shown in the tree with a lock and in words.
  await page.goto(`/course/course_sub/index?courseId=${own.id}`);
  const tree = page.locator('.ant-tree');
  await tree.getByText('第二章 进阶', { exact: true }).click();
  await page.getByRole('button', { name: '需完成上一个知识点' }).click();
  await expect(page.locator('.ant-message').getByText('已设为需完成上一个知识点')).toBeVisible();
  const node = tree.locator('.ant-tree-treenode').filter({ hasText: '第二章 进阶' });
  await expect(node).toContainText('需先学完上一个');
  await expect(node.locator('.anticon-lock')).toBeVisible();
  await expect(
    tree.locator('.ant-tree-treenode').filter({ hasText: '第一章 基础' }).locator('.anticon-lock'),
  ).toHaveCount(0);

  // 开放时间: 第二章 opens to 2024级/1班 on a set date, said in the tree.
  await page.getByRole('button', { name: '开放时间' }).click();
  const release = page.locator('.ant-modal').filter({ hasText: '开放时间 · 第二章 进阶' });
  await release.getByLabel('2024级/1班').click();
  await release.getByLabel('2024级/1班').fill('2030-09-01 08:00');
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  await release.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('开放时间已保存')).toBeVisible();
  await expect(node).toContainText('2030-09-01 08:00 开放');

  // 公共资源库: 李老师's course under 课程, found by name and previewed with its topic tree.
  await page.goto('/course/library');
  await expect(page.getByRole('tab', { name: '课程', selected: true })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索名称' }).fill(`E2E公开课程${tag}`);
  await page.getByRole('searchbox', { name: '搜索名称' }).press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: `E2E公开课程${tag}` });
  await expect(row).toContainText(TEACHERS.second.name);
  await expect(row).toContainText('1 个知识点');
  expect(await axeFindings(page, 'course library')).toEqual([]);
  await page.screenshot({ path: artifact('course-library-1366.png') });
  await row.getByRole('button', { name: '预览' }).click();
  await expect(page.getByTestId('library-course-tree')).toContainText('第一章 公开章节');
});

/** 引用 of a public courseware: put on a topic of one of my courses after confirming, then there in the editor. */
test('a teacher quotes a public courseware onto a topic of their course (zh)', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const [first, second] = await Promise.all([
    Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000'),
    Api.signIn(request, TEACHERS.second.account, TEACHERS.second.password, '000000'),
  ]);
  const [shared, own] = await Promise.all([
    second.post<{ id: string }>('/api/jd/pc/course/submit', { name: `E2E课件来源${tag}`, hours: 8, isPublic: 1 }),
    first.post<{ id: string }>('/api/jd/pc/course/submit', { name: `E2E课件去处${tag}`, hours: 8 }),
  ]);
  const [topic] = await Promise.all([
    second.post<{ id: string }>('/api/jd/pc/course_sub/submit', { courseId: shared.id, name: '来源章节' }),
    first.post('/api/jd/pc/course_sub/submit', { courseId: own.id, name: '去处章节' }),
  ]);
  const ware = `E2E公开讲义${tag}`;
  await second.post('/api/jd/pc/courseware/submit', {
    courseSubId: topic.id,
    name: ware,
    kind: 'richtext',
    content: '<p>公开讲义正文</p>',
  });

  await page.goto('/course/library?tab=courseware');
  await page.getByRole('searchbox', { name: '搜索名称' }).fill(ware);
  await page.getByRole('searchbox', { name: '搜索名称' }).press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: ware });
  await expect(row).toContainText(`E2E课件来源${tag}`);
  await row.getByRole('button', { name: '预览' }).click();
  await expect(page.locator('.ant-modal').filter({ hasText: ware })).toContainText('公开讲义正文');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: '引用' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '引用课件' });
  await dialog.locator('#wareQuoteForm_courseId').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`E2E课件去处${tag}`, { exact: true }).click();
  await dialog.locator('#wareQuoteForm_courseSubId').click();
  await page.locator('.ant-select-dropdown:visible').getByText('去处章节', { exact: true }).click();
  await dialog.getByRole('button', { name: /引\s*用/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /引\s*用/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('课件已引用到“去处章节”');
  await page.locator('.ant-message').getByText('打开副本').click();
  await expect(page).toHaveURL(new RegExp(`courseId=${own.id}`));
  // The topic now counts one courseware: "去处章节 (1/0)".
  const placed = page.locator('.ant-tree-treenode').filter({ hasText: '去处章节' });
  await expect(placed).toContainText('(1/0)');
  await placed.locator('.ant-tree-title').click();
  await expect(page.locator('.ant-table-row').filter({ hasText: ware })).toBeVisible();
});
