import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { confirmation, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';

test.use({ storageState: sessionFile('s3') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 's3');
});

/**
 * A valid one-page PDF of about `size` bytes: the padding is a comment before the first object (the cross-reference
 * offsets count it), so pdf.js and the server's sniffing both read it as the PDF it is.
 */
function paddedPdf(text: string, size: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 70 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const line = `%${'x'.repeat(78)}\n`;
  let body = `%PDF-1.4\n${line.repeat(Math.max(0, Math.floor(size / line.length)))}`;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The homework's row in 我的作业, and its drawer once opened. */
function screen(page: Page, title: string) {
  return {
    row: page.locator('.ant-list-item', { hasText: title }),
    drawer: page.locator('.ant-drawer').filter({ has: page.getByTestId('filejob-record') }),
  };
}

/**
 * The path a student takes (issue 30): 我的作业 on a phone shows the new homework with its time left and late rule;
 * they hand in a 2.5 MB PDF while the connection drops after the first megabyte — the upload carries on from where
 * the server says it stopped — and the receipt's SHA-256 is the file's; then they replace it with another PDF
 * (confirmed) and the receipt follows. The same homework on a desk. The job and its assignment come from the API.
 */
test('a student hands in a PDF on a phone through a dropped connection, keeps the receipt, and replaces it (zh)', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const teacher = await Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password);
  const title = `E2E零件图作业${Date.now().toString(36)}`;
  const job = await teacher.post<{ id: string }>('/api/jd/pc/filejob/submit', {
    title,
    requirements: '<p>按图纸完成<strong>阶梯轴</strong>的加工工艺卡，导出为 PDF 提交。</p>',
    allowedKinds: ['pdf'],
    maxSizeMb: 10,
    maxFiles: 2,
    score: 100,
    latePolicy: 'penalty',
    penaltyPercent: 10,
    penaltyMaxDays: 5,
  });
  // Due in two days and three hours (and a minute, so the count shown is still 3 hours).
  const deadline = new Date(Date.now() + (51 * 60 + 1) * 60_000);
  const assignment = await teacher.post<{ id: string }>('/api/jd/pc/filejob_teacher/submit', {
    jobId: job.id,
    classIds: ['70140'],
    startTime: new Date(Date.now() - 60_000).toISOString(),
    deadline: deadline.toISOString(),
  });

  // ── On a phone ──
  const phone = await browser.newContext({
    storageState: sessionFile('s3'),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    baseURL: info.project.use.baseURL,
  });
  const hand = await phone.newPage();
  await hand.goto('/filejob/my');
  const { row, drawer } = screen(hand, title);
  await expect(row).toContainText('未交');
  await expect(row).toContainText('还剩 2 天 3 小时');
  await expect(row).toContainText('每迟交一天扣 10%，最多 5 天');
  await hand.screenshot({ path: artifact('filejob-my-list-phone.png'), fullPage: true });
  expect(await axeFindings(hand, 'my homework (phone)')).toEqual([]);

  await row.getByRole('button', { name: /交作业/ }).click();
  await expect(drawer.getByText('阶梯轴')).toBeVisible();
  await expect(drawer.getByText('不超过 10 MB', { exact: true })).toBeVisible();

  // The connection drops on the second megabyte; the client asks the server how much it has (HEAD, held a moment
  // so the page shows it is reconnecting) and sends the rest from there.
  const offsets: number[] = [];
  let patches = 0;
  await hand.route('**/oss/endpoint/tus/**', async (route) => {
    const req = route.request();
    if (req.method() === 'PATCH') {
      patches += 1;
      offsets.push(Number(req.headers()['upload-offset']));
      if (patches === 2) return route.abort('connectionreset');
    }
    if (req.method() === 'HEAD' && patches >= 2) await new Promise((r) => setTimeout(r, 1500));
    return route.continue();
  });
  const first = paddedPdf('Process card v1', 2.5 * 1024 * 1024);
  await drawer
    .getByTestId('resumable-upload-input')
    .setInputFiles({ name: '工艺卡.pdf', mimeType: 'application/pdf', buffer: first });
  await expect(drawer.getByText('网络中断，正在续传…')).toBeVisible();
  await drawer.getByText('网络中断，正在续传…').scrollIntoViewIfNeeded();
  await hand.screenshot({ path: artifact('filejob-my-upload-phone.png') });
  const ready = drawer.getByTestId('handin-ready');
  await expect(ready).toContainText('工艺卡.pdf', { timeout: 30_000 });
  // Resumed, not restarted: after the dropped part, the next one began at the megabyte the server kept.
  expect(offsets.slice(0, 3)).toEqual([0, 1024 * 1024, 1024 * 1024]);

  await drawer.getByRole('button', { name: '交作业（1 个文件）' }).click();
  const receipt = drawer.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-file')).toContainText('工艺卡.pdf');
  await expect(receipt.getByTestId('receipt-sha256')).toHaveText(sha256(first));
  await expect(receipt).toContainText('按时提交');
  await expect(receipt).toContainText('学生03');
  await expect(receipt).toBeFocused();
  await hand.screenshot({ path: artifact('filejob-my-receipt-phone.png'), fullPage: true });
  expect(await axeFindings(hand, 'my homework receipt (phone)')).toEqual([]);

  // The receipt as a text file, made in the browser: the hash is in it.
  const [download] = await Promise.all([
    hand.waitForEvent('download'),
    receipt.getByRole('button', { name: /下载回执/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^回执-E2E零件图作业.*\.txt$/);
  const text = await download.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(text).toContain(sha256(first));

  // Replaced before the deadline: the student confirms, and the receipt is the new one's.
  const second = paddedPdf('Process card v2', 300 * 1024);
  await drawer
    .getByTestId('resumable-upload-input')
    .setInputFiles({ name: '工艺卡-修改.pdf', mimeType: 'application/pdf', buffer: second });
  await expect(ready).toContainText('工艺卡-修改.pdf', { timeout: 30_000 });
  await drawer.getByRole('button', { name: '交作业（1 个文件）' }).click();
  const replace = confirmation(hand, '将替换您之前提交的 1 个文件');
  await replace.getByRole('button', { name: '确认提交' }).click();
  await expect(receipt.getByTestId('receipt-sha256')).toHaveText(sha256(second));
  await expect(receipt.getByTestId('receipt-file')).toContainText('工艺卡-修改.pdf');
  await expect(drawer.getByText('共提交过 2 次，以最后一次为准')).toBeVisible();
  await phone.close();

  // ── On a desk: the list says handed in; the record shows the latest receipt ──
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/filejob/my');
  const desk = screen(page, title);
  await expect(desk.row).toContainText('已交');
  await expect(desk.row).toContainText('等待教师批改');
  await page.screenshot({ path: artifact('filejob-my-list-1366.png') });
  await desk.row.getByRole('button', { name: /查看/ }).click();
  await expect(desk.drawer.getByTestId('receipt-sha256')).toHaveText(sha256(second));
  await page.screenshot({ path: artifact('filejob-my-record-1366.png') });
  expect(await axeFindings(page, 'my homework record (1366)')).toEqual([]);

  // ── Marked with a note over the PDF and released: the score, the comment and the note over the page ──
  const recordId = (await desk.row.getAttribute('data-record'))!;
  const record = await teacher.get<{ files: { attachId: string }[] }>('/api/jd/pc/filejob_student/detail', {
    id: recordId,
  });
  const note = { page: 1, x: 0.05, y: 0.3, w: 0.6, h: 0.4, note: '这里的尺寸公差没有标注' };
  await teacher.post('/api/jd/pc/filejob_student/mark', {
    id: recordId,
    score: 85,
    comment: '工艺路线合理，注意切削用量。',
    annotations: [{ attachId: record.files[0]!.attachId, ...note }],
  });
  await teacher.post(`/api/jd/pc/filejob_teacher/release/${assignment.id}`);
  await page.reload();
  await expect(desk.row.getByTestId('record-score')).toHaveText('85 / 100 分');
  await desk.row.getByRole('button', { name: /查看/ }).click();
  const feedback = desk.drawer.getByTestId('feedback');
  await expect(feedback).toContainText('工艺路线合理，注意切削用量。');
  const annotated = feedback.getByTestId('annotated-preview');
  await expect(annotated.locator('canvas[data-page="1"]')).toBeVisible();
  await expect(annotated.locator('[data-note="1"]').first()).toBeVisible();
  await expect(annotated.getByRole('list', { name: '批注' })).toContainText('这里的尺寸公差没有标注');
  await page.screenshot({ path: artifact('filejob-my-feedback-1366.png') });
  expect(await axeFindings(page, 'my homework feedback (1366)')).toEqual([]);
});
