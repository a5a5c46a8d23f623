import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { sessionFile, storeSession } from '../pages/QuestionPages.ts';
import { pdf } from '../pages/samples.ts';

/** The entry names of a zip, read from its central directory (signature PK\x01\x02; names are UTF-8). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 46)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}

test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
});

/**
 * The teacher's side of file homework: a job written and assigned from its page; a student's hand-in (made through
 * the API) appears in 提交与评分; in the demo class, the late hand-in shows its penalty, a hand-in is previewed,
 * scored and commented, and the class downloads as one zip whose folders are named by student number.
 */
test('a teacher writes and assigns a file job, marks a hand-in, sees the late one with its penalty and downloads the class zip', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `E2E零件测绘${Date.now().toString(36)}`;
  const jobs = new CrudPage(page);
  // The page has its group's name (文件作业 › 文件作业): it is opened by its address.
  await page.goto('/filejob/job');
  await jobs.toolbarButton('新增').click();
  await jobs.formField('title').fill(title);
  await jobs.choose('latePolicy', '接受，按天扣分');
  await jobs.formField('penaltyPercent').fill('10');
  await jobs.drawerButton(/保\s*存/).click();
  await expect(jobs.toast('新增成功')).toBeVisible();
  await jobs.search('title', title);
  await expect(jobs.row(title)).toContainText('接受，按天扣分');
  await page.screenshot({ path: artifact('filejob-jobs-zh.png') });
  expect(await axeFindings(page, 'file jobs')).toEqual([]);

  // 布置作业 from the job's row opens the assign drawer on 作业安排 with the job picked.
  await jobs.rowActionClick(title, '布置作业');
  const drawer = page.locator('.ant-drawer').filter({ hasText: '布置文件作业' });
  await expect(drawer.getByText(title).first()).toBeVisible();
  await drawer.getByLabel('班级').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^1班$/ }).first().click();
  await drawer.getByText('布置文件作业').first().click(); // close the tree's popup
  await drawer.getByRole('button', { name: /^布\s*置$/ }).click();
  await expect(page.getByText(/已布置给 1 个班级的 10 名学生/)).toBeVisible();
  const assignments = new CrudPage(page);
  await expect(assignments.row(title)).toContainText('进行中');

  // A student hands in a PDF (through the API; the student's page has its own test): it shows as handed in.
  const student = await Api.signIn(request, 'student05', 'student');
  const mine = await student.get<{ records: { id: string; title: string }[] }>('/api/jd/pc/filejob_student/mine');
  const record = mine.records.find((r) => r.title === title)!;
  const bytes = pdf();
  const stored = await student.store({ name: '测绘图.pdf', mimeType: 'application/pdf', buffer: bytes }, 'document');
  const handed = await student.post<{ receipt: { files: { sha256: string }[] } }>('/api/jd/pc/filejob_student/submit', {
    id: record.id,
    files: [{ attachId: stored.attachId }],
  });
  expect(handed.receipt.files[0]!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  await page.reload();
  await page.locator('[data-assignment]').filter({ hasText: title }).click();
  const sheet = page.locator('.ant-drawer').filter({ hasText: `《${title}》的提交与评分` });
  await expect(sheet.getByText(/10 人 · 已交 1 · 迟交 0 · 未交 9/)).toBeVisible();
  await expect(sheet.locator('tr', { hasText: '学生05' })).toContainText('已交');
  await sheet.locator('.ant-drawer-close').click();

  // The demo job, due yesterday: the late hand-in carries its penalty; a hand-in is previewed, scored, commented.
  await page.locator('[data-assignment]').filter({ hasText: '阶梯轴零件图' }).click();
  const demo = page.locator('.ant-drawer').filter({ hasText: '《阶梯轴零件图》的提交与评分' });
  const late = demo.locator('tr').filter({ hasText: '迟交 1 天 · 扣 10%' });
  await expect(late).toHaveCount(1);
  await late.getByRole('button', { name: /评分/ }).click();
  const mark = page.locator('.ant-drawer').filter({ hasText: '评分：' });
  await expect(mark.getByText(/SHA-256：[0-9a-f]{64}/).first()).toBeVisible();
  await mark.getByRole('button', { name: '预览' }).first().click();
  await expect(page.locator('.ant-modal').last()).toBeVisible();
  await page.keyboard.press('Escape');
  await mark.getByLabel('得分').fill('80');
  await expect(mark.getByText('迟交扣 10%，最终得分 72')).toBeVisible();
  await mark.getByLabel('评语').fill('尺寸标注完整，图框不规范。');
  await page.screenshot({ path: artifact('filejob-mark-zh.png') });
  expect(await axeFindings(page, 'file job marking')).toEqual([]);
  await mark.getByRole('button', { name: '保存评分' }).click();
  await expect(jobs.toast('评分已保存')).toBeVisible();
  await mark.locator('.ant-drawer-close').click();

  // The class as one zip: a folder per student, named by student number and name.
  const download = page.waitForEvent('download');
  await demo.getByRole('button', { name: '打包下载本班作业' }).click();
  const names = zipEntryNames(await readFile(await (await download).path()));
  const folders = new Set(names.map((name) => name.split('/')[0]));
  expect(folders.size).toBe(7);
  for (const folder of folders) expect(folder).toMatch(/^\d+_学生\d{2}$/);
});
