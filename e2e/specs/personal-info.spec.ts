import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { InfoPage } from '../pages/InfoPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** A real 1×1 PNG, what the server's content check accepts. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

test('a user edits their personal info, uploads an avatar and changes the password (zh, en checked)', async ({
  page,
  request,
}) => {
  const account = `info${Date.now().toString(36)}`;
  const admin = await Api.signIn(request);
  const role = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: '个人中心测试',
    roleAlias: `e2e_${account}`,
  });
  await admin.post('/api/blade-user/submit', {
    account,
    password: md5('first-pass'),
    name: '小林',
    realName: '林晓',
    roleIds: [role.id],
  });

  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const info = new InfoPage(page);
  await login.goto();
  await login.signIn(account, 'first-pass');
  await expect(page).toHaveURL(/\/wel\/index$/);

  // The user dropdown leads to the page.
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page).toHaveTitle('个人信息 - 实训教学管理系统');
  await expect(info.field('realName')).toHaveValue('林晓');

  // No phone is needed to save; a phone that is typed follows the SPEC's rules, on blur.
  await info.button(/保\s*存/).click();
  await expect(info.toast('修改成功')).toBeVisible();
  await info.field('phone').fill('1380013');
  await info.field('email').focus();
  await expect(info.fieldError('phone')).toHaveText('手机号码长度不为11位');
  await info.field('phone').fill('23800138000');
  await info.field('email').focus();
  await expect(info.fieldError('phone')).toHaveText('手机号码格式不正确');
  await info.field('phone').fill('13800138000');
  await info.field('email').fill('not-an-address');
  await info.field('name').focus();
  await expect(info.fieldError('email')).toHaveText('邮箱格式不正确');
  await info.field('email').fill('lin@example.com');

  // The avatar: a 600 kB PNG and a GIF are refused in the browser; a GIF named .png is refused by the server.
  await info.upload('big.png', 'image/png', Buffer.concat([SMALL_PNG, Buffer.alloc(600 * 1024)]));
  await expect(info.toast('上传头像图片大小不能超过 500KB')).toBeVisible();
  await info.upload('moving.gif', 'image/gif', GIF);
  await expect(info.toast('上传头像图片只能是 JPG/PNG 格式')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().includes('/put-file'));
  await info.upload('disguised.png', 'image/png', GIF);
  expect((await refused).status()).toBe(400);
  await expect(info.toast('上传头像图片只能是 JPG/PNG 格式')).toBeVisible();
  await expect(info.avatarImage).toHaveAttribute('src', '/avatar.svg');
  await info.upload('me.png', 'image/png', SMALL_PNG);
  await expect(info.avatarImage).toHaveAttribute('src', /\/files\/000000\/\d{8}\/[\w-]+\.png$/);

  await info.field('name').fill('林老师');
  await info.button(/保\s*存/).click();
  await expect(info.toast('修改成功')).toBeVisible();
  // The top bar follows at once, and the saved values survive a reload.
  await expect(shell.userMenu).toContainText('林老师');
  await expect(shell.userMenu.locator('img')).toHaveAttribute('src', /\/files\/000000\//);
  await page.reload();
  await expect(info.field('phone')).toHaveValue('13800138000');
  await expect(info.field('email')).toHaveValue('lin@example.com');
  await page.screenshot({ path: artifact('info-zh.png') });

  // Password tab: required fields, the two new ones must match, a wrong current password is the server's message.
  await info.tab('修改密码').click();
  await info.button(/保\s*存/).click();
  await expect(info.fieldError('oldPassword')).toHaveText('请输入原密码');
  await expect(info.fieldError('newPassword')).toHaveText('请输入新密码');
  await expect(info.fieldError('newPassword1')).toHaveText('请输入确认密码');
  await info.field('oldPassword').fill('wrong-pass');
  await info.field('newPassword').fill('second-pass');
  await info.field('newPassword1').fill('second-pas');
  await info.button(/保\s*存/).click();
  await expect(info.fieldError('newPassword1')).toHaveText('两次密码输入不一致');
  await info.field('newPassword1').fill('second-pass');
  await info.button(/保\s*存/).click();
  await expect(info.toast('原密码不正确')).toBeVisible();
  await info.field('oldPassword').fill('first-pass');
  await info.button(/保\s*存/).click();
  await expect(info.toast('密码修改成功')).toBeVisible();
  await expect(info.field('oldPassword')).toHaveValue('');

  // English.
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await info.tab('Personal info').click();
  await info.field('phone').fill('123');
  await info.field('email').focus();
  await expect(info.fieldError('phone')).toHaveText('The phone number must have 11 digits');
  await info.upload('moving.gif', 'image/gif', GIF);
  await expect(info.toast('The avatar must be a JPG or PNG image')).toBeVisible();
  await page.screenshot({ path: artifact('info-en.png') });

  // The new password signs in; the old one no longer does.
  await shell.signOut(/OK|确\s*定/);
  await expect(page).toHaveURL(/\/login$/);
  await login.signIn(account, 'first-pass');
  await expect(login.error).toBeVisible();
  await login.signIn(account, 'second-pass');
  await expect(page).toHaveURL(/\/wel\/index$/);
});
