import { expect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { RichEditor } from '../pages/RichEditor.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { png, wav } from '../pages/samples.ts';

async function newNotice(page: Page, title: string) {
  const crud = new CrudPage(page);
  await crud.toolbarButton('新增').click();
  await crud.formField('title').fill(title);
  await crud.formField('category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('发布通知', { exact: true }).click();
  await crud.formField('releaseTime').fill('2026-01-05 08:30:00');
  await crud.formField('releaseTime').press('Enter');
  return new RichEditor(page, crud.drawer);
}

async function save(page: Page) {
  const submitted = page.waitForResponse((r) => r.url().includes('/api/blade-desk/notice/submit'));
  await new CrudPage(page).drawerButton(/保\s*存/).click();
  return ((await (await submitted).json()) as { data: { id: string; content: string } }).data;
}

test('a teacher writes a notice with a formula, pictures, a listening clip and a wavy underline; it survives save and reload, and pasted script never runs (zh)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('工作台', '通知公告');
  const title = `听力考试说明${Date.now()}`;
  const editor = await newNotice(page, title);

  await editor.text.click();
  await page.keyboard.type('勾股定理：');
  // The formula dialog: typed in the visual editor, shown as LaTeX beside it.
  await editor.tool('插入公式').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '公式编辑器' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(785);
  const field = dialog.locator('math-field');
  await expect(field).toBeVisible();
  await field.click();
  await page.keyboard.type('a^2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('+b^2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('=c^2');
  const latex = dialog.getByRole('textbox', { name: 'LaTeX 源码' });
  await expect(latex).toHaveValue('a^2+b^2=c^2');
  await page.screenshot({ path: artifact('editor-formula-zh.png') });
  await dialog.getByRole('button', { name: /^插\s*入$/ }).click();
  await expect(editor.text.locator('span.formula .katex')).toBeVisible();

  // A key word with a wavy underline.
  await page.keyboard.type('，');
  await editor.tool('波浪线').click();
  await page.keyboard.type('重点');
  await editor.tool('波浪线').click();
  await page.keyboard.press('Enter');

  // Two pictures at once, then a listening clip.
  await editor.root.getByTestId('editor-image-input').setInputFiles([
    { name: '三角形.png', mimeType: 'image/png', buffer: png(40, 30) },
    { name: '正方形.png', mimeType: 'image/png', buffer: png(30, 30) },
  ]);
  await expect(editor.text.locator('img[src]')).toHaveCount(2);
  await editor.root.getByTestId('editor-audio-input').setInputFiles({
    name: '听力.wav',
    mimeType: 'audio/wav',
    buffer: wav(),
  });
  await expect(editor.text.locator('audio')).toHaveCount(1);

  // Pasted markup that would run script in a careless page.
  await editor.text.click();
  await page.keyboard.press('Control+End');
  await editor.paste('<p>粘贴<img src=x onerror=alert(1)><a href="javascript:alert(2)">点我</a></p>', '粘贴点我');
  await expect(editor.text.locator('img[src]')).toHaveCount(2);
  await expect(editor.text.locator('a')).toHaveCount(0);
  await page.screenshot({ path: artifact('editor-rich-zh.png') });

  const saved = await save(page);
  await expect(new CrudPage(page).toast('新增成功')).toBeVisible();
  expect(saved.content).toContain('<span data-type="formula" data-latex="a^2+b^2=c^2">a^2+b^2=c^2</span>');
  expect(saved.content).toContain('<u style="text-decoration-style:wavy">重点</u>');
  expect(saved.content).toMatch(/<img src="\/files\/000000\/\d{8}\/[\w-]+\.png" alt="三角形\.png" \/>/);
  expect(saved.content).toMatch(
    /<audio src="\/files\/000000\/\d{8}\/[\w-]+\.wav" controls="true" preload="metadata"><\/audio>/,
  );
  expect(saved.content).not.toMatch(/onerror|javascript:/i);

  // After a reload the view shows the formula drawn by KaTeX, the pictures and the player.
  await page.reload();
  const crud = new CrudPage(page);
  await crud.search('title', title);
  await crud.rowActionClick(title, '查看');
  const view = new RichEditor(page, crud.drawer);
  await expect(view.text.locator('span.formula .katex')).toBeVisible();
  await expect(view.text.locator('span.formula')).toHaveAttribute('data-latex', 'a^2+b^2=c^2');
  await expect(view.text.locator('u')).toHaveText('重点');
  await expect
    .poll(() =>
      view.text
        .locator('img[src]')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(40);
  await expect
    .poll(() => view.text.locator('audio').evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.screenshot({ path: artifact('editor-view-zh.png') });

  // Edited and saved again without a change to the text: what is stored stays exactly the same.
  await crud.drawerButton(/编\s*辑/).click();
  await expect(view.root.getByRole('toolbar')).toBeVisible();
  const again = await save(page);
  expect(again.content).toBe(saved.content);
  const api = await Api.signIn(request);
  const stored = await api.get<{ content: string }>('/api/blade-desk/notice/detail', { id: saved.id });
  expect(stored.content).toBe(saved.content);

  // A picture a notice shows cannot be removed from 附件管理.
  await new ShellPage(page).openMenu('资源管理', '附件管理');
  const attachments = new CrudPage(page);
  await attachments.search('originalName', '三角形.png');
  await (await attachments.rowAction('三角形.png', '删除')).first().click();
  await attachments.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`附件正在使用，不能删除：通知公告《${title}》`)).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('a picture already uploaded is picked from the picture picker', async ({ page, request }) => {
  const api = await Api.signIn(request);
  expect(api).toBeDefined();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('资源管理', '附件管理');
  const name = `校园${Date.now()}.png`;
  const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
  await page
    .getByTestId('crud-toolbar')
    .locator('input[type=file]')
    .setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: png(50, 20),
    });
  await uploaded;
  await new ShellPage(page).openMenu('工作台', '通知公告');
  const editor = await newNotice(page, `选图${Date.now()}`);
  await editor.text.click();
  await editor.tool('图片').click();
  await page.getByRole('menuitem', { name: '从已上传的图片中选择' }).click();
  const picker = page.locator('.ant-modal').filter({ hasText: '选择图片' });
  await picker.getByPlaceholder('按名称搜索').fill(name);
  await picker.getByPlaceholder('按名称搜索').press('Enter');
  await picker.getByText(name).click();
  await page.screenshot({ path: artifact('picture-picker-zh.png') });
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(editor.text.locator(`img[alt="${name}"]`)).toBeVisible();
  const saved = await save(page);
  expect(saved.content).toContain(`alt="${name}"`);
});

test('the editor’s formula, picture and audio tools speak English; the login page fetches no editor or viewer', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const login = new LoginPage(page);
  await login.goto();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /(Editor|mathlive|PdfViewer|DocxViewer|XlsxViewer|TextViewer)/.test(s))).toEqual([]);
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('Workbench', 'Notices');
  await new CrudPage(page).toolbarButton('Add').click();
  const editor = new RichEditor(page, new CrudPage(page).drawer);
  await expect(editor.tool('Wavy underline')).toBeVisible();
  await expect(editor.tool('Audio (mp3, wav, wma)')).toBeVisible();
  await editor.tool('Insert formula').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Formula editor' });
  await expect(dialog.getByRole('textbox', { name: 'LaTeX source' })).toBeVisible();
  await page.screenshot({ path: artifact('editor-formula-en.png') });
});
