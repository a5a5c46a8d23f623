import { expect, test } from '@playwright/test';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { roleContext, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  for (const role of ['first', 'second'] as const) await storeSession(browser, info, role);
});

test('a teacher builds a practical task: a point, an inspection item whose tolerance is checked, a share (zh)', async ({
  page,
  browser,
}, info) => {
  const title = `E2E车削阶梯轴${Date.now().toString(36)}`;
  const card = (heading: string | RegExp) =>
    page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading }) });
  const tasks = new CrudPage(page);
  const points = new CrudPage(page, { root: card(/的考核点$/), name: 'point' });
  const items = new CrudPage(page, { root: card(/的检查项$/), name: 'inspection' });

  await page.goto('/wel/index');
  await new ShellPage(page).openMenu('实训', '实训考核');
  await expect(page.getByTestId('practical-pick-task')).toBeVisible();

  await tasks.toolbarButton('新增').click();
  await tasks.formField('title').fill(title);
  await tasks.formField('duration').fill('120');
  await tasks.drawerButton(/保\s*存/).click();
  await expect(tasks.toast('新增成功')).toBeVisible();
  await tasks.search('title', title);
  await tasks.pick(title);

  await points.toolbarButton('新增').click();
  await points.formField('name').fill('外圆尺寸');
  await points.formField('score').fill('10');
  await points.drawerButton(/保\s*存/).click();
  await expect(points.toast('新增成功')).toBeVisible();
  await expect(page.getByTestId('practical-pick-point')).toBeVisible();
  await points.pick('外圆尺寸');

  // The lower deviation above the upper one: the server says so, nothing is saved; put right, it is.
  await items.toolbarButton('新增').click();
  await items.formField('name').fill('Ø25 外圆');
  await items.formField('nominal').fill('25.00');
  await items.formField('lowerDeviation').fill('0.02');
  await items.formField('upperDeviation').fill('-0.02');
  await items.formField('instrument').fill('外径千分尺');
  await items.formField('resolution').fill('0.01');
  await items.drawerButton(/保\s*存/).click();
  await expect(page.getByText('下偏差应小于上偏差')).toBeVisible();
  await items.formField('lowerDeviation').fill('-0.021');
  await items.formField('upperDeviation').fill('0');
  await items.drawerButton(/保\s*存/).click();
  await expect(items.toast('新增成功')).toBeVisible();
  await expect(items.row('Ø25 外圆')).toContainText('-0.021');

  // The task's total follows its points.
  await expect(tasks.row(title)).toContainText('10');
  expect(await axeFindings(page, 'practical tasks')).toEqual([]);
  await page.screenshot({ path: artifact('practical-task-zh.png') });

  // Shared with 李老师 to read: the task appears among theirs, read-only.
  await tasks.rowActionClick(title, '共享');
  const share = page.locator('.ant-modal').filter({ hasText: `共享实训考核《${title}》` });
  await share.locator('#shareForm_grantee').click();
  await share.locator('#shareForm_grantee').fill(TEACHERS.second.account);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `${TEACHERS.second.name}（${TEACHERS.second.account}）` })
    .click();
  await share.getByRole('button', { name: /共\s*享$/ }).click();
  await expect(share.locator('tbody tr')).toContainText([TEACHERS.second.name]);
  await share.locator('.ant-modal-footer').getByRole('button').click();
  const theirs = await (await roleContext(browser, info, 'second')).newPage();
  await theirs.goto('/practical/paper');
  const their = new CrudPage(theirs);
  await their.search('title', title);
  await expect(their.row(title)).toContainText('只读');
  for (const action of ['共享', '编辑', '删除']) {
    await expect(their.row(title).getByRole('button', { name: action })).toHaveCount(0);
  }
  // Its points can be read, not changed.
  await their.pick(title);
  const theirPoints = new CrudPage(theirs, {
    root: theirs.locator('.ant-card').filter({ has: theirs.getByRole('heading', { name: /的考核点$/ }) }),
    name: 'point',
  });
  await expect(theirPoints.row('外圆尺寸')).toBeVisible();
  await expect(theirPoints.toolbarButton('新增')).toHaveCount(0);
});
