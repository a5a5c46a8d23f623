import { type Browser, expect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { tick } from '../pages/CheckTree.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MenuMasterDetail } from '../pages/MenuMasterDetail.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** Seeded menu ids (apps/server/src/modules/system/system.menus.ts): 岗位管理 and the 查看 buttons of 岗位管理 and 用户管理. */
const POST_PAGE = '1003';
const POST_VIEW = '1112';
const USER_VIEW = '1162';

const save = (crud: CrudPage) => crud.drawerButton(/保\s*存/).click();

/** A fresh browser for another person, signed in on the tenant-mode login page. */
async function signInElsewhere(browser: Browser, tenantId: string, account: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await page.locator('#tenantId').fill(tenantId);
  await login.signIn(account, password);
  await expect(page).toHaveURL(/\/wel\/index$/);
  return page;
}

/** Opens a page from the sidebar and waits until it, not the page before it, is on screen. */
async function open(shell: ShellPage, crud: CrudPage, group: string, item: string, column: string): Promise<void> {
  await shell.openMenu(group, item);
  await expect(crud.columnTitles().filter({ hasText: column })).toBeVisible();
}

test('a school is opened and run from the browser: tenant, depts, post, role with menus and a data scope, users; each user sees exactly what was granted (zh)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const school = `E2E职业学校${run}`;
  const platformApi = await Api.signIn(request);
  const tenantMode = await platformApi.setParam('account.tenantMode', 'true');
  const others: Page[] = [];
  try {
    // 1. The platform administrator opens the school and reads its administrator's one-time password.
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    const crud = new CrudPage(page);
    await login.goto();
    await login.signIn('admin', 'admin');
    await open(shell, crud, '系统管理', '租户管理', '租户名称');
    await crud.toolbarButton('新增').click();
    await crud.formField('tenantName').fill(school);
    await save(crud);
    const created = page.locator('.ant-modal').filter({ hasText: '租户已创建' });
    const tenantId = ((await created.getByTestId('created-tenant-id').textContent()) ?? '').trim();
    const adminPassword = ((await created.getByTestId('created-password').textContent()) ?? '').trim();
    await created.getByRole('button', { name: '我已保存，关闭' }).click();

    // 2. The school's administrator builds it: depts, a post, a data-scope rule, a role, users.
    const adminPage = await signInElsewhere(browser, tenantId, 'admin', adminPassword);
    others.push(adminPage);
    const admin = { shell: new ShellPage(adminPage), crud: new CrudPage(adminPage) };

    await open(admin.shell, admin.crud, '系统管理', '部门管理', '部门全称');
    await admin.crud.toolbarButton('新增').click();
    await admin.crud.formField('deptName').fill('教务处');
    await save(admin.crud);
    await expect(admin.crud.toast('新增成功')).toBeVisible();
    await admin.crud.rowActionClick('教务处', '新增下级');
    await admin.crud.formField('deptName').fill('实训科');
    await save(admin.crud);
    await expect(admin.crud.toast('新增成功')).toBeVisible();

    await open(admin.shell, admin.crud, '系统管理', '岗位管理', '岗位编号');
    await admin.crud.toolbarButton('新增').click();
    await admin.crud.choose('category', '基层');
    await admin.crud.formField('postCode').fill('KY');
    await admin.crud.formField('postName').fill('办事员');
    await save(admin.crud);
    await expect(admin.crud.toast('新增成功')).toBeVisible();

    await admin.shell.openMenu('权限管理', '数据权限');
    const menus = new MenuMasterDetail(adminPage);
    await menus.pick('用户管理');
    await admin.crud.toolbarButton('新增').click();
    await admin.crud.formField('scopeName').fill('只看本部门');
    await admin.crud.formField('resourceCode').click();
    await menus.option('用户（user）').click();
    await admin.crud.formField('scopeType').click();
    await menus.option('所在机构可见').click();
    await save(admin.crud);
    await expect(admin.crud.toast('新增成功')).toBeVisible();

    await open(admin.shell, admin.crud, '系统管理', '角色管理', '角色别名');
    await admin.crud.toolbarButton('新增').click();
    await admin.crud.formField('roleName').fill('科员');
    await admin.crud.formField('roleAlias').fill('clerk');
    await save(admin.crud);
    await expect(admin.crud.toast('新增成功')).toBeVisible();
    await admin.crud.rowActionClick('科员', '权限设置');
    const grant = adminPage.locator('.ant-modal').filter({ hasText: '权限设置：科员' });
    await expect(grant.locator(`[data-key="${POST_PAGE}"]`)).toBeVisible();
    await tick(grant, POST_VIEW);
    await tick(grant, USER_VIEW);
    await grant.getByRole('tab', { name: '数据权限' }).click();
    await grant.locator('.ant-tree-treenode', { hasText: '只看本部门' }).locator('.ant-tree-checkbox').click();
    await adminPage.screenshot({ path: artifact('journey-grant-zh.png') });
    await grant.getByRole('button', { name: /确\s*定/ }).click();
    await expect(admin.crud.toast('权限已保存，用户下次操作时生效')).toBeVisible();

    await open(admin.shell, admin.crud, '系统管理', '用户管理', '登录账号');
    for (const [account, realName, dept] of [
      ['zhang', '张科员', '实训科'],
      ['li', '李科员', '教务处'],
    ] as const) {
      await admin.crud.toolbarButton('新增').click();
      await admin.crud.formField('account').fill(account);
      await admin.crud.formField('password').fill('clerk-pass-1');
      await admin.crud.formField('name').fill(realName);
      await admin.crud.formField('realName').fill(realName);
      await admin.crud.choose('deptId', dept);
      await admin.crud.choose('postId', '办事员');
      await admin.crud.choose('roleIds', '科员');
      await adminPage.keyboard.press('Escape');
      await save(admin.crud);
      await expect(admin.crud.toast('新增成功')).toBeVisible();
      await expect(admin.crud.drawer).toBeHidden();
    }
    await expect(admin.crud.row('zhang')).toContainText('实训科');
    await adminPage.screenshot({ path: artifact('journey-users-zh.png') });

    // 3. A clerk sees exactly the granted pages and buttons, and only the users of their own dept.
    const clerkPage = await signInElsewhere(browser, tenantId, 'zhang', 'clerk-pass-1');
    others.push(clerkPage);
    const clerk = { shell: new ShellPage(clerkPage), crud: new CrudPage(clerkPage) };
    await clerk.shell.sidebar.getByRole('menuitem', { name: /系统管理$/ }).click();
    const items = clerk.shell.sidebar.getByRole('menuitem');
    await expect(items).toHaveText([/系统管理$/, /用户管理$/, /岗位管理$/]);
    await open(clerk.shell, clerk.crud, '系统管理', '用户管理', '登录账号');
    await expect(clerk.crud.rows).toHaveCount(1);
    await expect(clerk.crud.row('zhang')).toContainText('张科员');
    // Nothing on the page asks for more than was granted: no refusals, no checkboxes for actions they lack.
    await expect(clerkPage.getByText('没有权限')).toHaveCount(0);
    await expect(clerk.crud.rows.locator('input[type=checkbox]')).toHaveCount(0);
    await expect(clerkPage.getByRole('tree')).toContainText('实训科');
    for (const button of ['新增', '删除', '角色配置', '密码重置', '导入', '导出']) {
      await expect(clerk.crud.toolbarButton(button)).toHaveCount(0);
    }
    await expect(await clerk.crud.rowAction('zhang', '编辑')).toHaveCount(0);
    await clerkPage.screenshot({ path: artifact('journey-clerk-zh.png') });
    await open(clerk.shell, clerk.crud, '系统管理', '岗位管理', '岗位编号');
    await expect(clerk.crud.row('KY')).toContainText('办事员');
    await expect(clerk.crud.toolbarButton('新增')).toHaveCount(0);
    // A page that was not granted is refused, even typed in, inside the frame.
    await clerkPage.goto('/system/role');
    await expect(clerkPage.getByText('没有权限访问此页面')).toBeVisible();
    await expect(clerkPage).toHaveURL(/\/system\/role$/);

    // 4. Taking 岗位管理 away reaches the clerk without signing in again.
    await open(admin.shell, admin.crud, '系统管理', '角色管理', '角色别名');
    await admin.crud.rowActionClick('科员', '权限设置');
    await tick(grant, POST_VIEW);
    await grant.getByRole('button', { name: /确\s*定/ }).click();
    await expect(admin.crud.toast('权限已保存，用户下次操作时生效')).toBeVisible();
    await clerkPage.goto('/system/user');
    await expect(clerk.crud.row('zhang')).toBeVisible();
    await expect(clerk.shell.sidebar.getByRole('menuitem', { name: /岗位管理$/ })).toHaveCount(0);
  } finally {
    for (const other of others) await other.context().close();
    await platformApi.setParam('account.tenantMode', tenantMode);
  }

  // The school is closed again, so runs do not pile up tenants.
  const crud = new CrudPage(page);
  await crud.search('tenantName', school);
  await crud.rowActionClick(school, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
});

test('a user of the platform tenant given only 岗位管理 → 查看 sees that page read-only and nothing else (zh)', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const roleName = `岗位查看员${run}`;
  const account = `viewer${run}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await open(shell, crud, '系统管理', '角色管理', '角色别名');
  await crud.toolbarButton('新增').click();
  await crud.formField('roleName').fill(roleName);
  await crud.formField('roleAlias').fill(`v${run}`);
  await save(crud);
  await expect(crud.toast('新增成功')).toBeVisible();
  await crud.rowActionClick(roleName, '权限设置');
  const grant = page.locator('.ant-modal').filter({ hasText: `权限设置：${roleName}` });
  await tick(grant, POST_VIEW);
  // Only the button was ticked; its page and group follow half-ticked.
  await expect(
    grant.locator(`.ant-tree-treenode:has([data-key="${POST_PAGE}"]) .ant-tree-checkbox-indeterminate`),
  ).toBeVisible();
  await page.screenshot({ path: artifact('role-grant-zh.png') });
  await grant.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('权限已保存，用户下次操作时生效')).toBeVisible();

  await open(shell, crud, '系统管理', '用户管理', '登录账号');
  await crud.toolbarButton('新增').click();
  await crud.formField('account').fill(account);
  await crud.formField('password').fill('short');
  await crud.formField('password').blur();
  await expect(crud.drawer.getByText('密码至少需要 6 位')).toBeVisible();
  await crud.formField('password').fill('viewer-pass-1');
  await crud.formField('name').fill('小王');
  await crud.formField('realName').fill('王老师');
  await crud.choose('roleIds', roleName);
  await page.keyboard.press('Escape');
  await save(crud);
  await expect(crud.toast('新增成功')).toBeVisible();
  await crud.search('account', account);
  await expect(crud.row(account)).toContainText(roleName);

  // At 1366×768 the list keeps every column in view beside the dept tree, and the toolbar's buttons keep apart.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(() => crud.columnInView('所属角色')).toBe(true);
  expect(await crud.columnInView('状态')).toBe(true);
  const [roleButton, resetButton] = [crud.toolbarButton('角色配置'), crud.toolbarButton('密码重置')];
  const gap = (await resetButton.boundingBox())!.x - (await roleButton.boundingBox())!.x;
  expect(gap - (await roleButton.boundingBox())!.width).toBeGreaterThanOrEqual(8);
  // 查看 and 编辑 stay in the row; the rest are under 更多, which the keyboard opens, walks and runs.
  await expect(crud.row(account).getByRole('button', { name: '删除' })).toHaveCount(0);
  await crud.moreButton(account).focus();
  await page.keyboard.press('Enter');
  const more = page.locator('.ant-dropdown:visible');
  await expect(more.getByRole('menuitem')).toHaveText(['删除', '平台配置']);
  await expect(more.getByRole('menuitem', { name: '删除' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(more.getByRole('menuitem', { name: '平台配置' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-modal').filter({ hasText: '平台配置' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: artifact('users-1366-zh.png') });
  // The view drawer reads as text: nothing in it asks for input.
  await crud.rowActionClick(account, '查看');
  await expect(crud.formField('realName')).toHaveValue('王老师');
  await expect(
    crud.drawer.locator('[placeholder]:not([placeholder=""]), .ant-select-selection-placeholder'),
  ).toHaveCount(0);
  await crud.drawerButton(/关\s*闭/).click();
  await expect(crud.drawer).toBeHidden();

  await shell.signOut(/确\s*定/);
  await login.signIn(account, 'viewer-pass-1');
  await expect(page).toHaveURL(/\/wel/);
  await shell.sidebar.getByRole('menuitem', { name: /系统管理$/ }).click();
  await expect(shell.sidebar.getByRole('menuitem')).toHaveText([/系统管理$/, /岗位管理$/]);
  await open(shell, crud, '系统管理', '岗位管理', '岗位编号');
  await expect(crud.toolbarButton('新增')).toHaveCount(0);
  await expect(crud.toolbarButton('删除')).toHaveCount(0);
  await expect(page.locator('tr.ant-table-row').getByRole('button', { name: '编辑' })).toHaveCount(0);
  await page.screenshot({ path: artifact('restricted-user-zh.png') });
  // Typed in, a page that was not granted is refused inside the frame.
  await page.goto('/system/user');
  await expect(page.getByText('没有权限访问此页面')).toBeVisible();
  await expect(shell.sidebar).toBeVisible();
});
