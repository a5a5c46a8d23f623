import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { RegionPage } from '../pages/RegionPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('the platform administrator browses to 天河区, adds a town below it, edits it and deletes it (zh)', async ({
  page,
}) => {
  // Towns have 9 digits and start with their district's code; the suffix keeps runs on one database apart.
  const suffix = String(Date.now() % 1000).padStart(3, '0');
  const code = `440106${suffix}`;
  const name = `实训街道${suffix}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const regions = new RegionPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '行政区划');
  await expect(page).toHaveURL(/\/system\/region$/);
  await expect(page).toHaveTitle('行政区划 - 实训教学管理系统');
  await expect(page.getByText('在左侧选择一个行政区划，查看或编辑它的信息')).toBeVisible();

  // Provinces first; each level is loaded when it is opened.
  await expect(regions.node('广东省')).toBeVisible();
  await expect(regions.node('广州市')).toHaveCount(0);
  await regions.expand('广东省');
  await regions.expand('广州市');
  await regions.pick('天河区');
  await expect(regions.panel).toContainText('广东省 / 广州市 / 天河区');
  await expect(regions.panel).toContainText('区县');
  await expect(regions.field('code')).toHaveValue('440106');
  await expect(regions.field('name')).toBeDisabled();
  await page.screenshot({ path: artifact('region-zh.png') });

  // Add below: the parent is given and the code starts with its code, as the help says.
  await regions.button(/新增下级/).click();
  await expect(regions.panel).toContainText('新增「天河区」的下级区划');
  await expect(regions.field('code')).toHaveValue('440106');
  await expect(regions.panel).toContainText('第 4 级区划的编号为 9 位数字，须以上级编号 440106 开头');
  await regions.field('code').fill('4401061');
  await regions.field('name').focus();
  await expect(regions.panel).toContainText('第4级区划的编号应为9位数字，并以上级区划编号开头');
  await regions.field('code').fill(code);
  await regions.field('name').fill(name);
  await page.screenshot({ path: artifact('region-add-zh.png') });
  await regions.button(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  // The new town is shown where it sits, picked.
  await expect(regions.node(name)).toBeVisible();
  await expect(regions.node(name)).toHaveClass(/ant-tree-treenode-selected/);
  await expect(regions.panel).toContainText(`广东省 / 广州市 / 天河区 / ${name}`);
  await expect(regions.panel).toContainText('乡镇');

  // Edit: only the name, sort and remark; the code stays.
  await regions.button(/编\s*辑/).click();
  await expect(regions.field('code')).toBeDisabled();
  await regions.field('name').fill(`${name}（改）`);
  await regions.field('remark').fill('端到端测试');
  await regions.button(/保\s*存/).click();
  await expect(crud.toast('修改成功')).toBeVisible();
  await expect(regions.node(`${name}（改）`)).toBeVisible();
  await expect(regions.field('remark')).toHaveValue('端到端测试');

  // The search looks through what is loaded and shows the way down to each match.
  await regions.search.fill(name);
  await expect(regions.node(`${name}（改）`).locator('mark')).toHaveText(name);
  for (const shown of ['广东省', '广州市', '天河区']) await expect(regions.node(shown)).toBeVisible();
  for (const hidden of ['北京市', '深圳市', '越秀区']) await expect(regions.node(hidden)).toHaveCount(0);
  await regions.search.fill('');
  await expect(regions.node('北京市')).toBeVisible();

  // A region with regions below it cannot go: the server says why.
  await regions.pick('天河区');
  await regions.button(/删\s*除/).click();
  await expect(crud.confirmDialog).toContainText('确定删除「天河区」吗？有下级区划时不能删除。');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('请先删除下级区划')).toBeVisible();
  await expect(regions.node('天河区')).toBeVisible();

  await regions.pick(`${name}（改）`);
  await regions.button(/删\s*除/).click();
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(regions.node(`${name}（改）`)).toHaveCount(0);
  // Back on the district above it.
  await expect(regions.panel).toContainText('广东省 / 广州市 / 天河区');
});

test('the region page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  const regions = new RegionPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Regions');
  await expect(page.getByText('Pick a region on the left to see or edit it')).toBeVisible();
  await regions.pick('北京市');
  await expect(regions.panel).toContainText('Province');
  await expect(regions.button(/Add below/)).toBeVisible();
  await expect(page.getByText('Region code', { exact: true })).toBeVisible();
  await page.screenshot({ path: artifact('region-en.png') });
});
