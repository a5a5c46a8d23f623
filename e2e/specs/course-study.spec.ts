import { expect, test } from '@playwright/test';
import { axeFindings } from '../pages/Axe.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';

// student01 of 2024级1班 studies the demo course 机械制图与识图 (apps/server/src/seed/course-demo.ts): the PDF of
// 1.1.1 opened, 4 of the video's 6 seconds watched, 第二章 locked until 第一章 is complete, a practice paper on 1.1.
test.use({ storageState: { cookies: [], origins: [] } });

const COURSE = '76100';
const VIDEO = '76131';

/**
 * The student's path (issue 31): 我的课程 shows the course and how far they are; the study page shows the locked
 * chapter greyed with why; the demo video resumes where they stopped, playing on counts and the server's percent
 * moves; on a phone the video resumes after a reload; a practice from the topic's paper opens the exam player.
 */
test('a student studies the demo course: progress, locks, the video heartbeat, resume on a phone, practice (zh)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('student01', 'student');
  await expect(page).toHaveURL(/\/wel\/index$/);

  // 我的课程: the demo course with its progress (the PDF of three coursewares completed).
  await page.goto('/course/my');
  const card = page.locator(`[data-course="${COURSE}"]`);
  await expect(card).toContainText('机械制图与识图');
  await expect(card).toContainText('已完成 1/3 个课件');
  await expect(card.getByTestId('course-progress')).toContainText('33%');
  await page.screenshot({ path: artifact('course-my-1366.png') });
  await card.getByRole('button', { name: '继续学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/jd/study_online/course_sub\\?courseId=${COURSE}`));

  // 第二章 is shown, greyed, with its reason, and does not open.
  const nav = page.getByTestId('topic-nav');
  const locked = nav.locator('[data-topic="76120"]');
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await expect(locked).toContainText('完成上一个知识点后开放');
  // Reachable by keyboard (its reason is read out), but Enter opens nothing.
  await locked.focus();
  await expect(locked).toBeFocused();
  await locked.press('Enter');
  await expect(page).not.toHaveURL(/topicId=76120/);

  // 1.1.1: the video resumes at 4 s; played on to about 5 s, the beat's answer moves the percent from 66.
  await nav.getByRole('button', { name: /1\.1\.1 正投影的特性/ }).click();
  await expect(page).toHaveURL(/topicId=76112/);
  const ware = page.locator(`[data-ware="${VIDEO}"]`);
  const progress = ware.getByTestId('ware-progress');
  await expect(progress).toHaveAttribute('data-percent', '66');
  const video = ware.getByTestId('study-media');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(3.9);
  expect(await axeFindings(page, 'course study')).toEqual([]);
  await page.screenshot({ path: artifact('course-study-1366.png') });
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(4.8);
  const beat = page.waitForResponse(
    (r) => r.url().includes('/course_study/heartbeat') && (r.request().postData() ?? '').includes('"ranges":[['),
  );
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  expect((await beat).ok()).toBe(true);
  await expect
    .poll(async () => Number(await progress.getAttribute('data-percent')), { timeout: 10_000 })
    .toBeGreaterThan(66);

  // On a phone, a reload resumes the video where it was paused; the contents are a drawer above the content.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const again = page.locator(`[data-ware="${VIDEO}"]`).getByTestId('study-media');
  await expect.poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  await page.screenshot({ path: artifact('course-study-390.png'), fullPage: true });

  // Practice: the paper of 1.1, from the drawer's contents, opens the exam player on the practice attempt.
  await page.getByRole('button', { name: '打开课程目录' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('[data-topic="76120"]')).toContainText('完成上一个知识点后开放');
  await page.screenshot({ path: artifact('course-study-drawer-390.png') });
  await drawer.getByRole('button', { name: /^1\.1 投影法/ }).click();
  await expect(page).toHaveURL(/topicId=76111/);
  await page.getByRole('button', { name: '练习 数学基础练习' }).click();
  await expect(page).toHaveURL(/\/paper\/exam\/\d+/);
});
