import { expect, type Page, test } from '@playwright/test';
import { dictionaryOptions } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** The two panels of a dictionary screen: the dictionaries, and the items of the one picked. */
function panels(page: Page) {
  const card = (heading: string | RegExp) =>
    page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading }) });
  return {
    parentsCard: card('字典列表'),
    itemsCard: card(/的字典项$/),
    parents: new CrudPage(page, { root: card('字典列表') }),
    items: new CrudPage(page, { root: card(/的字典项$/), name: 'item' }),
    hint: page.getByTestId('dict-pick-hint'),
  };
}

test('an administrator adds a dictionary with two items and seals one; selects stop offering it (zh)', async ({
  page,
}) => {
  const code = `e2e_${Date.now()}`;
  const name = `实训等级${Date.now() % 100000}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const { parents, items, hint, itemsCard } = panels(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '字典管理');
  await expect(page).toHaveURL(/\/system\/dict$/);
  await expect(page).toHaveTitle('字典管理 - 实训教学管理系统');
  await expect(hint).toContainText('请在左侧点击一个字典');
  await expect(parents.rows.first()).toBeVisible();

  // The dictionary form says what is missing, in the spec's words, as soon as a field is left.
  await parents.toolbarButton('新增').click();
  await expect(parents.drawer.getByText('新增字典')).toBeVisible();
  await parents.formField('code').focus();
  await parents.formField('dictValue').focus();
  await parents.formField('sort').fill('');
  await parents.formField('remark').focus();
  await expect(parents.drawer.getByText('请输入字典编号')).toBeVisible();
  await expect(parents.drawer.getByText('请输入字典名称')).toBeVisible();
  await expect(parents.drawer.getByText('请输入字典排序')).toBeVisible();
  await parents.formField('code').fill('bad code!');
  await parents.formField('dictValue').focus();
  await expect(parents.drawer.getByText('字典编号只能包含字母、数字、点、下划线和短横线')).toBeVisible();
  await parents.formField('code').fill(code);
  await parents.formField('dictValue').fill(name);
  await parents.formField('sort').fill('50');
  await parents.drawerButton(/保\s*存/).click();
  await expect(parents.toast('新增成功')).toBeVisible();
  await expect(parents.drawer).toBeHidden();

  // Pick it: its (empty) items appear on the right, under its name.
  await parents.search('code', code);
  await expect(parents.rows).toHaveCount(1);
  await parents.pick(code);
  await expect(itemsCard.getByRole('heading')).toHaveText(`「${name}」的字典项`);
  await expect(hint).toHaveCount(0);
  await expect(items.table.locator('.ant-empty-description')).toHaveText('暂无数据');

  await items.toolbarButton('新增').click();
  await expect(items.drawer.getByText('新增字典项')).toBeVisible();
  await items.formField('dictKey').focus();
  await items.formField('dictValue').focus();
  await expect(items.drawer.getByText('请输入字典键值')).toBeVisible();
  await items.formField('dictKey').fill('1');
  await items.formField('dictValue').fill('初级');
  await items.drawerButton(/保\s*存/).click();
  await expect(items.toast('新增成功')).toBeVisible();
  await expect(items.drawer).toBeHidden();

  await items.toolbarButton('新增').click();
  await items.formField('dictKey').fill('2');
  await items.formField('dictValue').fill('高级');
  await items.formField('sort').fill('2');
  await items.choose('isSealed', '是');
  await items.drawerButton(/保\s*存/).click();
  await expect(items.toast('新增成功')).toBeVisible();
  await expect(items.drawer).toBeHidden();

  await expect(items.rows).toHaveCount(2);
  await expect(items.row('高级')).toContainText('已封存');
  await expect(items.row('初级')).toContainText('正常');
  await page.screenshot({ path: artifact('dict-zh.png') });
  // A select of this dictionary offers the open item only.
  expect(await dictionaryOptions(page, code)).toEqual(['初级']);

  // Unsealing puts it back.
  await items.rowActionClick('高级', '编辑');
  await items.choose('isSealed', '否');
  await items.drawerButton(/保\s*存/).click();
  await expect(items.toast('修改成功')).toBeVisible();
  await expect(items.row('高级')).toContainText('正常');
  expect(await dictionaryOptions(page, code)).toEqual(['初级', '高级']);

  // A dictionary that still has items is not removed; emptied, it is.
  await parents.rowActionClick(code, '删除');
  await parents.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(parents.toast('请先删除子项')).toBeVisible();
  await items.select('初级');
  await items.select('高级');
  await items.toolbarButton('删除').click();
  await items.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(items.toast('删除成功')).toBeVisible();
  await expect(items.rows).toHaveCount(0);
  await parents.rowActionClick(code, '删除');
  await parents.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(parents.rows).toHaveCount(0);
  // The items side lets go of the removed dictionary.
  await expect(hint).toBeVisible();
});

test('the stacked layout shows the dictionaries above the picked one’s items, with a switch to 业务字典', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const { parents, items, hint, parentsCard, itemsCard } = panels(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/dict-vertical/index');
  await expect(shell.tabs.getByText('字典管理（上下布局）')).toBeVisible();
  await expect(page).toHaveTitle('字典管理（上下布局） - 实训教学管理系统');
  await expect(hint).toContainText('请在上方点击一个字典');

  await parents.search('code', 'post_category');
  await parents.pick('post_category');
  await expect(itemsCard.getByRole('heading')).toHaveText('「岗位类型」的字典项');
  await expect(items.row('基层')).toBeVisible();
  const above = await parentsCard.boundingBox();
  const below = await itemsCard.boundingBox();
  expect(below!.y).toBeGreaterThan(above!.y + above!.height - 1);
  await page.screenshot({ path: artifact('dict-vertical-zh.png'), fullPage: true });

  // The administrator also keeps business dictionaries: the switch shows the tenant's own (a fresh picking).
  await page.getByText('业务字典', { exact: true }).click();
  await expect(hint).toBeVisible();

  // And the side-by-side route puts the items beside the dictionaries.
  await page.goto('/dict-horizontal/index');
  await expect(shell.tabs.getByText('字典管理（左右布局）')).toBeVisible();
  await parents.search('code', 'sex');
  await parents.pick('性别');
  await expect(items.row('未知')).toBeVisible();
  const left = await parentsCard.boundingBox();
  const right = await itemsCard.boundingBox();
  expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
});

test('the dictionary screens speak English', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Dictionaries');
  await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible();
  await expect(page.getByTestId('dict-pick-hint')).toContainText('Click a dictionary on the left');
  const parents = new CrudPage(page, {
    root: page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Dictionaries' }) }),
  });
  await parents.search('code', 'yes_no');
  await parents.pick('yes_no');
  const items = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: /^Items of/ }) });
  await expect(items.locator('.ant-table-thead th')).toContainText(['Key', 'Name', 'Sort order', 'Sealed']);
  await expect(items.locator('tr.ant-table-row').first()).toContainText('Active');
  await page.screenshot({ path: artifact('dict-en.png') });
  await parents.toolbarButton('Add').click();
  await parents.formField('code').focus();
  await parents.formField('dictValue').focus();
  await expect(parents.drawer.getByText('Please enter the dictionary code')).toBeVisible();
});
