import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startLocalS3 } from '../../apps/server/src/test/s3.ts';
import { startSmsProvider } from '../../apps/server/src/test/sms-provider.ts';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { FilePreview } from '../pages/FilePreview.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { browserMade, docx, headers, mp3, pdf, png, pptx, wav, xlsx } from '../pages/samples.ts';

/**
 * The server runs on this machine: it converts Office documents exactly when soffice is on the PATH here, unless
 * SOFFICE=off (which the server, started by Playwright with this environment, reads too).
 */
const libreOffice =
  process.env.SOFFICE !== 'off' &&
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      return statSync(path.join(dir, 'soffice')).isFile();
    } catch {
      return false;
    }
  });

async function openAttachments(page: Page, language?: 'English') {
  const login = new LoginPage(page);
  await login.goto();
  if (language) await login.switchLanguage(language);
  await login.signIn('admin', 'admin');
  const shell = new ShellPage(page);
  if (language) await shell.openMenu('Resources', 'Attachments');
  else await shell.openMenu('资源管理', '附件管理');
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/octet-stream') {
  const done = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
  await page.getByTestId('crud-toolbar').locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  return (await done).json() as Promise<{ code: number; msg: string }>;
}

test(`a teacher uploads coursewares and previews each kind in the browser (zh; Office ${libreOffice ? 'converted by LibreOffice' : 'drawn in the browser'})`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openAttachments(page);
  const crud = new CrudPage(page);
  const preview = new FilePreview(page);
  const stamp = Date.now();
  const files: [string, Buffer][] = [
    [`讲义${stamp}.pdf`, pdf()],
    [`电路图${stamp}.png`, png(64, 48)],
    [`照片${stamp}.jpg`, await browserMade(page, 'jpg')],
    [`实训报告${stamp}.docx`, docx()],
    [`成绩${stamp}.xlsx`, xlsx()],
    [`课件${stamp}.pptx`, pptx()],
    [`听力${stamp}.mp3`, mp3()],
    [`朗读${stamp}.wav`, wav()],
    [`实操${stamp}.mp4`, await browserMade(page, 'mp4')],
  ];
  for (const [name, buffer] of files) expect((await upload(page, name, buffer)).code, name).toBe(200);

  // A program renamed to look like slides is refused by its content.
  const refused = await upload(page, 'slides.pdf', headers.exe(), 'application/pdf');
  expect(refused.code).toBe(400);
  await expect(page.getByText(/不支持的文件类型/)).toBeVisible();

  await crud.search('originalName', String(stamp));
  await expect(crud.rows).toHaveCount(files.length);
  await expect(crud.row(`讲义${stamp}.pdf`)).toContainText('PDF');
  await page.screenshot({ path: artifact('attach-zh.png') });

  const open = async (name: string, mode: string) => {
    await crud.rowActionClick(name, '预览');
    await expect(preview.dialog.locator('.ant-modal-title')).toContainText('预览');
    await expect(preview.body).toHaveAttribute('data-mode', mode, { timeout: 90_000 });
  };
  const shot = (name: string) => page.screenshot({ path: artifact(`preview-${name}-zh.png`) });

  await open(`讲义${stamp}.pdf`, 'pdf');
  const firstPage = preview.body.locator('canvas[data-page="1"]');
  await expect(firstPage).toBeVisible();
  await expect.poll(() => firstPage.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  await shot('pdf');
  await preview.close();

  for (const name of [`电路图${stamp}.png`, `照片${stamp}.jpg`]) {
    await open(name, 'image');
    await expect
      .poll(() => preview.body.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await preview.close();
  }
  await open(`照片${stamp}.jpg`, 'image');
  await shot('jpg');
  await preview.close();

  for (const name of [`听力${stamp}.mp3`, `朗读${stamp}.wav`]) {
    await open(name, 'audio');
    await expect
      .poll(() => preview.body.locator('audio').evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await preview.close();
  }
  await open(`实操${stamp}.mp4`, 'video');
  await expect
    .poll(() => preview.body.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
    .toBe(160);
  await shot('mp4');
  await preview.close();

  if (libreOffice) {
    for (const name of [`实训报告${stamp}.docx`, `成绩${stamp}.xlsx`, `课件${stamp}.pptx`]) {
      await open(name, 'pdf');
      await expect(preview.dialog.getByText('已由服务器转换为 PDF 显示')).toBeVisible();
      await expect(preview.body.locator('canvas[data-page="1"]')).toBeVisible();
      await shot(name.split(String(stamp))[1]!.slice(1));
      await preview.close();
    }
  } else {
    await open(`实训报告${stamp}.docx`, 'docx');
    await expect(preview.body.getByTestId('docx-viewer')).toContainText('实训 Shixun preview');
    await shot('docx');
    await preview.close();
    await open(`成绩${stamp}.xlsx`, 'xlsx');
    await expect(preview.body.getByTestId('xlsx-viewer')).toContainText('张三');
    await shot('xlsx');
    await preview.close();
    await open(`课件${stamp}.pptx`, 'download');
    await expect(preview.body).toContainText('此类文件无法在浏览器中预览，请下载后查看。');
    await preview.close();
  }

  // The original downloads under its own name.
  await crud.rowActionClick(`讲义${stamp}.pdf`, '预览');
  await expect(preview.body).toHaveAttribute('data-mode', 'pdf');
  const download = page.waitForEvent('download');
  await preview.dialog.getByRole('button', { name: /下\s*载/ }).click();
  expect((await download).suggestedFilename()).toBe(`讲义${stamp}.pdf`);
  await preview.close();
  expect(dialogs).toEqual([]);
});

test('the attachment page and the preview speak English', async ({ page }) => {
  await openAttachments(page, 'English');
  const crud = new CrudPage(page);
  await expect(crud.columnTitles()).toContainText(['Name', 'Type', 'Size', 'Uploaded as', 'Uploaded by']);
  const name = `handout-${Date.now()}.pdf`;
  expect((await upload(page, name, pdf())).code).toBe(200);
  await crud.search('originalName', name);
  await crud.rowActionClick(name, 'Preview');
  const preview = new FilePreview(page);
  await expect(preview.dialog.locator('.ant-modal-title')).toContainText('Preview');
  await expect(preview.body.locator('canvas[data-page="1"]')).toBeVisible();
  await expect(preview.dialog.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.screenshot({ path: artifact('preview-pdf-en.png') });
});

test('object storage: a bucket is added, tested and enabled; uploads then go to it (zh)', async ({ page, request }) => {
  const s3 = await startLocalS3('shixun-e2e');
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin', 'admin');
    await new ShellPage(page).openMenu('资源管理', '对象存储');
    const crud = new CrudPage(page);
    const code = `minio-${Date.now()}`;
    await crud.toolbarButton('新增').click();
    await crud.formField('ossCode').fill(code);
    await crud.formField('endpoint').fill(s3.endpoint);
    await crud.formField('bucketName').fill(s3.bucket);
    await crud.formField('accessKey').fill(s3.accessKey);
    await crud.formField('secretKey').fill(s3.secretKey);
    await page.screenshot({ path: artifact('oss-edit-zh.png') });
    await crud.drawerButton(/保\s*存/).click();
    await expect(crud.toast('新增成功')).toBeVisible();
    await crud.rowActionClick(code, '测试连接');
    await expect(page.getByText('连接成功：已在空间中写入并删除一个测试文件')).toBeVisible();
    await crud.rowActionClick(code, '启用');
    await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(crud.row(code)).toContainText('使用中');
    await page.screenshot({ path: artifact('oss-zh.png') });
    // The secret key is never shown again, and an edit without one keeps it.
    await crud.rowActionClick(code, '编辑');
    await expect(crud.formField('secretKey')).toHaveValue('');
    await crud.formField('remark').fill('实训楼机房');
    await crud.drawerButton(/保\s*存/).click();
    await expect(crud.toast('修改成功')).toBeVisible();

    // New uploads go to the bucket, and are previewed from there.
    await new ShellPage(page).openMenu('资源管理', '附件管理');
    const name = `机房照片${Date.now()}.png`;
    const done = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
    await page
      .getByTestId('crud-toolbar')
      .locator('input[type=file]')
      .setInputFiles({
        name,
        mimeType: 'image/png',
        buffer: png(64, 48),
      });
    const stored = (await (await done).json()) as { data: { link: string } };
    expect(stored.data.link.startsWith(`${s3.endpoint}/${s3.bucket}/000000/`)).toBe(true);
    await crud.search('originalName', name);
    await crud.rowActionClick(name, '预览');
    const preview = new FilePreview(page);
    await expect(preview.body).toHaveAttribute('data-mode', 'image');
    await expect.poll(() => preview.body.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  } finally {
    // Back to the local disk for every later spec.
    const api = await Api.signIn(request);
    const list = await api.get<{ records: { id: string; enabled: number }[] }>('/api/blade-resource/oss/list');
    for (const row of list.records.filter((r) => r.enabled === 1)) {
      await api.post('/api/blade-resource/oss/submit', { id: row.id, status: 0 });
    }
    await s3.close();
  }
});

test('SMS: an Aliyun config sends a signed test message to a local provider (zh)', async ({ page }) => {
  const provider = await startSmsProvider();
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin', 'admin');
    await new ShellPage(page).openMenu('资源管理', '短信配置');
    const crud = new CrudPage(page);
    const code = `aliyun-${Date.now()}`;
    await crud.toolbarButton('新增').click();
    await crud.formField('smsCode').fill(code);
    await crud.formField('templateId').fill('SMS_154950909');
    await crud.formField('signName').fill('实训学校');
    await crud.formField('accessKey').fill(provider.accessKey);
    await crud.formField('secretKey').fill(provider.secretKey);
    await crud.formField('endpoint').fill(provider.endpoint);
    await crud.drawerButton(/保\s*存/).click();
    await expect(crud.toast('新增成功')).toBeVisible();
    await crud.rowActionClick(code, '启用');
    await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(crud.row(code)).toContainText('使用中');

    await crud.rowActionClick(code, '发送测试短信');
    const dialog = page.locator('.ant-modal').filter({ hasText: '发送短信' });
    await dialog.locator('#smsSend_phones').fill('1380013800');
    await dialog.locator('#smsSend_params').fill('{"code":"1234"}');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await expect(dialog.getByText('手机号码长度不为11位')).toBeVisible();
    await dialog.locator('#smsSend_phones').fill('13800138000');
    await page.screenshot({ path: artifact('sms-send-zh.png') });
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await expect(page.getByText('短信已发送')).toBeVisible();
    expect(provider.calls.at(-1)).toMatchObject({
      provider: 'aliyun',
      phones: ['13800138000'],
      params: { code: '1234' },
      signName: '实训学校',
    });
    await page.screenshot({ path: artifact('sms-zh.png') });
  } finally {
    await provider.close();
  }
});
