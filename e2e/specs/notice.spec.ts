import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { RichEditor } from '../pages/RichEditor.ts';
import { ShellPage } from '../pages/ShellPage.ts';

const XSS = '<img src=x onerror=alert(1)>';

/** An API session of the administrator, to write and read notices as another client of the API would. */
async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': '000000' },
    params: {
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

test('an administrator writes a notice with bold text and a list, and reads it formatted; pasted script never runs (zh)', async ({
  page,
  request,
}) => {
  const title = `期末实训安排${Date.now()}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('工作台', '通知公告');
  await expect(page).toHaveURL(/\/desk\/notice$/);
  await expect(page).toHaveTitle('通知公告 - 实训教学管理系统');

  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增通知')).toBeVisible();
  // 发布时间 starts at now.
  const today = new Date().toLocaleDateString('sv');
  await expect(crud.formField('releaseTime')).toHaveValue(new RegExp(`^${today} \\d{2}:\\d{2}`));
  await crud.formField('title').fill(title);
  await crud.formField('category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('发布通知', { exact: true }).click();
  await crud.formField('releaseTime').fill('2026-01-05 08:30:00');
  await crud.formField('releaseTime').press('Enter');

  const editor = new RichEditor(page, crud.drawer);
  await expect(editor.tool('加粗')).toBeVisible();
  await editor.text.click();
  await page.keyboard.type('各位老师：');
  await editor.tool('加粗').click();
  await page.keyboard.type('下周一停课');
  await editor.tool('加粗').click();
  await page.keyboard.type('，请注意：');
  await page.keyboard.press('Enter');
  await editor.tool('无序列表').click();
  await page.keyboard.type('提交实训报告');
  await page.keyboard.press('Enter');
  await page.keyboard.type('归还实训设备');
  // A paste carrying markup that would run script in a careless page.
  await page.keyboard.press('Enter');
  await editor.paste(`<p>粘贴的内容${XSS}</p>`, `粘贴的内容${XSS}`);
  await expect(editor.text.locator('strong')).toHaveText('下周一停课');
  await expect(editor.text.locator('ul > li')).toHaveCount(3);
  await expect(editor.text.locator('img')).toHaveCount(0);
  await page.screenshot({ path: artifact('notice-edit-zh.png') });

  const submitted = page.waitForResponse((r) => r.url().includes('/api/blade-desk/notice/submit'));
  await crud.drawerButton(/保\s*存/).click();
  const saved = (await (await submitted).json()) as { data: { id: string; content: string } };
  await expect(crud.toast('新增成功')).toBeVisible();
  expect(saved.data.content).toContain('<strong>下周一停课</strong>');
  expect(saved.data.content).toContain('<li><p>提交实训报告</p></li>');
  expect(saved.data.content).not.toMatch(/<img|onerror/i);

  // The list shows the text; the view drawer shows it formatted, not as markup.
  await crud.search('title', title);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(title)).toContainText('发布通知');
  await expect(crud.row(title)).toContainText('2026-01-05 08:30');
  await expect(crud.row(title)).toContainText('各位老师：下周一停课，请注意： 提交实训报告');
  await page.screenshot({ path: artifact('notice-zh.png') });
  await crud.rowActionClick(title, '查看');
  await expect(crud.drawer.getByText('查看通知')).toBeVisible();
  const view = new RichEditor(page, crud.drawer);
  await expect(view.text.locator('strong')).toHaveText('下周一停课');
  await expect(view.text.locator('ul > li')).toHaveCount(3);
  await expect(view.text).toHaveAttribute('contenteditable', 'false');
  await expect(view.root.getByRole('toolbar')).toHaveCount(0);
  await expect(view.text).not.toContainText('<strong>');
  await page.screenshot({ path: artifact('notice-view-zh.png') });
  await page.keyboard.press('Escape');

  // Another client of the API sends the script straight to the server: it is stored clean and shown harmless.
  const token = await apiToken(request);
  const headers = {
    Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    'Blade-Auth': `bearer ${token}`,
  };
  const raw = await request.post('/api/blade-desk/notice/submit', {
    headers,
    data: {
      id: saved.data.id,
      content: `<p>更新：<b>带图</b>${XSS}<a href="javascript:alert(2)">链接</a></p><script>alert(3)</script>`,
    },
  });
  expect(raw.status()).toBe(200);
  const stored = (await (
    await request.get('/api/blade-desk/notice/detail', { headers, params: { id: saved.data.id } })
  ).json()) as { data: { content: string } };
  expect(stored.data.content).not.toMatch(/onerror|javascript:|<script/i);
  await crud.rowActionClick(title, '查看');
  await expect(view.text).toContainText('更新：带图');
  await expect(view.text.locator('strong, b')).toHaveText('带图');
  await page.keyboard.press('Escape');

  await crud.rowActionClick(title, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the notice page and its editor speak English', async ({ page }) => {
  const login = new LoginPage(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('Workbench', 'Notices');
  await expect(crud.columnTitles()).toContainText(['Title', 'Type', 'Release time', 'Content']);
  await crud.toolbarButton('Add').click();
  const editor = new RichEditor(page, crud.drawer);
  await expect(editor.tool('Bold')).toBeVisible();
  await expect(editor.tool('Numbered list')).toBeVisible();
  await expect(editor.text).toHaveAttribute('aria-label', 'Content');
  await page.screenshot({ path: artifact('notice-en.png') });
});

test('only a page with a rich-text field downloads the editor', async ({ page }) => {
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /\/Editor-[\w-]+\.js$/.test(new URL(r.url()).pathname)) {
      editorChunks.push(r.url());
    }
  });
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await page.waitForLoadState('networkidle');
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '参数管理');
  await expect(new CrudPage(page).rows.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(editorChunks).toEqual([]);

  await shell.openMenu('工作台', '通知公告');
  await expect.poll(() => editorChunks.length).toBe(1);
});
