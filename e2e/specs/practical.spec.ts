import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { confirmation, roleContext, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { png } from '../pages/samples.ts';

test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  for (const role of ['first', 'second', 's3'] as const) await storeSession(browser, info, role);
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
  // A drawing goes with the task: students open it beside the task at the bench.
  const drawer = page.locator('.ant-drawer');
  await drawer
    .getByTestId('evidence-file')
    .setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png() });
  await expect(drawer.getByRole('img', { name: /drawing/ })).toBeVisible();
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

  // Quoted (引用), it becomes their own task with its points, theirs to change; the original stays as it was.
  await their.rowActionClick(title, '引用');
  await confirmation(theirs, '引用实训考核')
    .getByRole('button', { name: /引\s*用/ })
    .click();
  await expect(theirs.getByText(`已引用为我的实训考核《${title}》`)).toBeVisible();
  await expect(theirPoints.row('外圆尺寸')).toBeVisible();
  await expect(theirPoints.toolbarButton('新增')).toBeVisible();
});

/**
 * The practical cycle as the issue tells it: a student records a task on a phone at the bench — one reading out of
 * tolerance, one in the guard band, a check with a photo — and hands it in; the teacher re-measures the flagged
 * reading on a desk, adjusts a point with a reason, signs and releases; the student sees the result; 成绩分析 shows
 * the failing item with its histogram. The task and the assignment are made through the API.
 */
test('a practical task recorded on a phone, re-measured, adjusted, signed and released; results show the failing item', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const teacher = await Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password);
  const title = `E2E钳工锉配${Date.now().toString(36)}`;
  const paperId = (await teacher.post<{ id: string }>('/api/jd/pc/practical_paper/submit', { title, passScore: 6 })).id;
  const point = (body: object) =>
    teacher.post<{ id: string }>('/api/jd/pc/practical_point/submit', { paperId, ...body });
  const size = (await point({ name: '尺寸精度', score: 10, rule: 'proportional', sort: 1 })).id;
  const safety = (await point({ name: '安全文明', score: 5, rule: 'all', critical: 1, evidenceRequired: 1, sort: 2 }))
    .id;
  const item = (body: object) => teacher.post('/api/jd/pc/practical_inspection/submit', { paperId, ...body });
  const reading = { pointId: size, kind: 'measure', resolution: '0.01', unit: 'mm', instrument: '外径千分尺' };
  await item({ ...reading, name: '宽度 25', nominal: '25.00', lowerDeviation: '-0.021', upperDeviation: '0', sort: 1 });
  await item({
    ...reading,
    name: '长度 40',
    nominal: '40.00',
    lowerDeviation: '-0.05',
    upperDeviation: '0.05',
    sort: 2,
  });
  await item({ pointId: safety, kind: 'check', name: '防护用品', sort: 1 });
  const made = await teacher.post<{ id: string }>('/api/jd/pc/practical_teacher/add_batch', {
    paperId,
    classIds: ['70140'],
    openTime: new Date(Date.now() - 60_000).toISOString(),
    closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    recorder: 'both',
    checkShare: 0,
  });

  // ── The student, on a phone ──
  const phone = await browser.newContext({
    storageState: sessionFile('s3'),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'zh-CN',
    baseURL: info.project.use.baseURL,
  });
  const bench = await phone.newPage();
  await bench.goto('/practical/my');
  await bench.locator('.ant-list-item', { hasText: title }).getByRole('button', { name: '开始记录' }).click();
  await expect(bench.getByRole('heading', { name: title })).toBeVisible();
  await bench.getByLabel('宽度 25 实测值').fill('24.98');
  const width = bench.locator('[data-item="宽度 25"]');
  await expect(width.getByText('接近公差界限，需要复测')).toBeVisible();
  await bench.getByLabel('长度 40 实测值').fill('40.08');
  await expect(bench.locator('[data-item="长度 40"]').getByText(/^不合格/)).toBeVisible();
  const ppe = bench.locator('[data-item="防护用品"]');
  await ppe.getByText('合格', { exact: true }).click();
  await ppe.getByTestId('evidence-file').setInputFiles({ name: 'ppe.png', mimeType: 'image/png', buffer: png() });
  await expect(ppe.getByRole('img', { name: /ppe/ })).toBeVisible();
  await expect(bench.getByTestId('save-status')).toHaveText('已保存', { timeout: 15_000 });
  await bench.screenshot({ path: artifact('practical-bench-phone.png'), fullPage: true });
  expect(await axeFindings(bench, 'practical workbench (phone)')).toEqual([]);
  await bench.getByRole('button', { name: '提交记录' }).click();
  await confirmation(bench, '提交实训记录？').getByRole('button', { name: '提交记录' }).click();
  await expect(bench.getByText('记录已提交，等待教师复核签字与公布成绩。')).toBeVisible();

  // ── The teacher, at a desk: re-measure the flagged reading, adjust a point, sign, release ──
  await page.goto('/practical/assignment');
  await page.locator(`[data-assignment="${made.id}"]`).click();
  const sheet = page.locator('.ant-drawer').filter({ hasText: title });
  await sheet.getByRole('button', { name: /复测评分 学生03/ }).click();
  await expect(page.locator('[data-item="宽度 25"]').getByText('接近公差界限，需要复测')).toBeVisible();
  await page.getByLabel('宽度 25 教师复测').fill('24.99');
  await page.getByLabel('宽度 25 复测说明（选填）').fill('复测两端');
  await page.locator('[data-item="宽度 25"]').getByRole('button', { name: '保存复测' }).click();
  await expect(page.locator('[data-item="宽度 25"]').getByText('接近公差界限，需要复测')).toHaveCount(0);
  await page.locator('.ant-card', { hasText: '尺寸精度' }).getByRole('button', { name: '评分' }).click();
  const give = page.getByRole('dialog', { name: /调整“尺寸精度”的得分/ });
  await give.getByLabel(/得分/).fill('6');
  await give.getByLabel('理由').fill('长度超差，酌情给分');
  await give.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.ant-card', { hasText: '尺寸精度' }).getByTestId('point-score')).toHaveText(
    '本项得分 6 / 10',
  );
  await expect(page.getByText('长度超差，酌情给分').first()).toBeVisible();
  // The critical point's check is drawn for the teacher: signing first says so; checked, it signs.
  await page.getByRole('button', { name: '签字确认' }).click();
  await confirmation(page, '签字确认这份记录？').getByRole('button', { name: '签字确认' }).click();
  await expect(page.getByText('还有 1 个抽检项没有复测')).toBeVisible();
  await page.locator('[aria-label="防护用品 教师复测"]').getByText('合格', { exact: true }).click();
  await expect(page.getByText('复测 · 防护用品')).toBeVisible();
  await page.getByRole('button', { name: '签字确认' }).click();
  await confirmation(page, '签字确认这份记录？').getByRole('button', { name: '签字确认' }).click();
  await expect(page.getByText(/王老师 于 .* 签字确认/)).toBeVisible();
  await page.goto('/practical/assignment');
  await new CrudPage(page).rowActionClick(title, '公布成绩');
  await confirmation(page, /公布《.*》的成绩？/)
    .getByRole('button', { name: '公布成绩' })
    .click();
  await expect(page.getByText('成绩已公布')).toBeVisible();

  // ── The student sees the result ──
  await bench.goto('/practical/my');
  await bench.locator('.ant-list-item', { hasText: title }).getByRole('button', { name: '查看成绩' }).click();
  await expect(bench.getByTestId('total-score')).toContainText('总分 11 / 15');
  await expect(bench.getByText('教师评语：长度超差，酌情给分')).toBeVisible();
  await phone.close();

  // ── 成绩分析: the failing item first, with its histogram ──
  await page.goto(`/practical/results/${made.id}`);
  await expect(page.getByText('长度 40').first()).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: artifact('practical-results.png'), fullPage: true });
  expect(await axeFindings(page, 'practical results')).toEqual([]);
});
