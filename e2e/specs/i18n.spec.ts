import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('English chosen on the login page is kept over a reload and used by the parameter page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.submit).toHaveText('登 录');

  await login.switchLanguage('English');
  await expect(login.submit).toHaveText('Sign in');
  await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
  await expect(page.locator('label[for=username]')).toHaveText('Account');
  await expect(page).toHaveTitle('Sign in - Shixun Training');

  await page.reload();
  await expect(login.submit).toHaveText('Sign in');
  await expect(page.locator('label[for=password]')).toHaveText('Password');
  await page.screenshot({ path: artifact('login-en.png') });

  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByText('Quick links')).toBeVisible();
  const shell = new ShellPage(page);
  await shell.openMenu('System', 'Parameters');
  await expect(page).toHaveURL(/\/system\/param$/);

  const crud = new CrudPage(page);
  await expect(crud.rows.first()).toBeVisible();
  await expect(crud.columnTitles()).toContainText(['Parameter name', 'Parameter key', 'Parameter value', 'Remark']);
  await expect(crud.toolbarButton('Add')).toBeVisible();
  await expect(page.getByText(/in total/)).toBeVisible();
  await page.screenshot({ path: artifact('param-en.png') });

  // Validation speaks English too: the shared catalog, in the UI language.
  await crud.toolbarButton('Add').click();
  await crud.formField('paramKey').focus();
  await crud.formField('paramValue').focus();
  await expect(crud.drawer.getByText('Please enter parameter key')).toBeVisible();
  await page.keyboard.press('Escape');

  await shell.signOut(/OK/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.submit).toHaveText('Sign in');
});

test('in English the names the product supplies are English: roles, a dictionary’s items, menus and buttons', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);

  await shell.openMenu('System', 'Roles');
  const roles = new CrudPage(page);
  await expect(roles.row('administrator')).toContainText('Super administrator');
  await expect(roles.row('student')).toContainText('Student');

  await shell.openMenu('System', 'Dictionaries');
  const card = (heading: string | RegExp) =>
    page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading }) });
  await new CrudPage(page, { root: card('Dictionaries') }).pick('Sex');
  const items = new CrudPage(page, { root: card(/^Items of/), name: 'item' });
  await expect(items.rows).toHaveText([/Male/, /Female/, /Unknown/]);

  await shell.openMenu('System', 'Menus');
  const menus = new CrudPage(page);
  await menus.search('name', 'Roles');
  await expect(menus.rows).toHaveText([/^Roles/, /^Set roles/]);
  await page.screenshot({ path: artifact('menu-en.png') });
});
