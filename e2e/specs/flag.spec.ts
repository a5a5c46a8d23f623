import { expect, type Page, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** The open tab's tree nodes, top to bottom (indentation shows in the order, not the text). */
const titles = (page: Page) => page.getByRole('tabpanel').locator('[data-flag]');
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const node = (page: Page, title: string) => titles(page).filter({ hasText: exactly(title) });
const nameField = (page: Page) => page.locator('#flag-knowledge_name');

test('an administrator builds a knowledge tree: add, add below, reorder, drag, copy, rename, delete (zh)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('教务管理', '分类管理');
  await page.getByRole('tab', { name: '知识点' }).click();
  const save = page.getByRole('button', { name: /保\s*存/ });
  // Icon buttons are named by their tooltip; the text ones also carry their icon's name in front.
  const tool = (label: string) =>
    page.getByRole('button', { name: new RegExp(`(^| )${exactly(label).source.slice(1)}`) });

  // A root, then two children under it; a saved node stays picked.
  await tool('新增根节点').click();
  await expect(page.getByText('新增根节点', { exact: true }).last()).toBeVisible();
  await save.click();
  await expect(page.getByText('请输入名称')).toBeVisible();
  await nameField(page).fill('E2E函数');
  await save.click();
  await expect(node(page, 'E2E函数')).toHaveCount(1);
  for (const child of ['一次函数', '二次函数']) {
    await node(page, 'E2E函数').click();
    await tool('新增下级').click();
    await expect(page.getByText('在「E2E函数」下新增')).toBeVisible();
    await nameField(page).fill(child);
    await save.click();
    await expect(node(page, child)).toHaveCount(1);
  }
  const order = async () =>
    (await titles(page).allTextContents()).filter((t) => ['E2E函数', '一次函数', '二次函数', '指数函数'].includes(t));
  await expect.poll(order).toEqual(['E2E函数', '一次函数', '二次函数']);

  // The same name twice under one parent is refused, with the reason.
  await node(page, 'E2E函数').click();
  await tool('新增下级').click();
  await nameField(page).fill('一次函数');
  await save.click();
  await expect(page.getByText('同一上级下已有同名节点')).toBeVisible();

  // Reorder with the arrows: 二次函数 moves up.
  await node(page, '二次函数').click();
  await tool('上移').click();
  await expect.poll(order).toEqual(['E2E函数', '二次函数', '一次函数']);

  // A third child dragged onto the gap above 二次函数 lands first.
  await node(page, 'E2E函数').click();
  await tool('新增下级').click();
  await nameField(page).fill('指数函数');
  await save.click();
  await expect.poll(order).toEqual(['E2E函数', '二次函数', '一次函数', '指数函数']);
  await node(page, '指数函数').dragTo(node(page, '二次函数'), { targetPosition: { x: 4, y: 1 } });
  await expect.poll(order).toEqual(['E2E函数', '指数函数', '二次函数', '一次函数']);

  // Copy with its children, then rename the copy.
  await node(page, 'E2E函数').click();
  await tool('复制（含下级）').click();
  await expect(node(page, 'E2E函数 (副本)')).toHaveCount(1);
  await expect(node(page, '一次函数')).toHaveCount(2);
  await node(page, 'E2E函数 (副本)').click();
  await expect(page.getByText('编辑「E2E函数 (副本)」')).toBeVisible();
  await nameField(page).fill('E2E函数（练习）');
  await save.click();
  await expect(node(page, 'E2E函数（练习）')).toHaveCount(1);
  await page.screenshot({ path: artifact('exam-flag-editor-zh.png'), fullPage: true });

  // Searching shows the matches with their ancestors.
  await page.getByPlaceholder('搜索节点').fill('指数');
  await expect(node(page, '一次函数')).toHaveCount(0);
  await expect(node(page, '指数函数')).toHaveCount(2);
  await page.getByPlaceholder('搜索节点').fill('');

  // Deleting asks first; a node with children is refused with the reason; a leaf goes.
  const confirm = page.locator('.ant-modal-confirm');
  await node(page, 'E2E函数').click();
  await tool('删除').click();
  await expect(confirm).toContainText('确定删除「E2E函数」吗？');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('《E2E函数》下还有子节点，请先删除子节点')).toBeVisible();
  await expect(node(page, 'E2E函数')).toHaveCount(1);
  await node(page, '一次函数').first().click();
  await tool('删除').click();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(node(page, '一次函数')).toHaveCount(1);
  await expect(page.getByText('在左侧选择一个节点进行编辑，或新增节点')).toBeVisible();
});
