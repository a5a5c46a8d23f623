import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate } from 'react-router';
import { website } from '../config.ts';
import { loadPaper } from '../features/attempt/load.ts';
import { EXAM_QUERY_KEY } from '../features/attempt/routes.ts';
import { loadCatalogs } from '../i18n/index.ts';
import { useAuth } from '../stores/auth.ts';
import { useLock } from '../stores/lock.ts';
import { Guard, type RouteHandle } from './guard.tsx';
import { type LazyPage, lazyPage } from './lazy.ts';
import { queryClient } from './query.ts';
import { RouteError } from './RouteError.tsx';
import { Suspended } from './Suspended.tsx';
import { viewFor } from './views.ts';

const LoginPage = lazyPage(() => import('../features/auth/login/index.tsx'));
// antd's context for every route but the login page (UiRoot.tsx), downloaded with the first of them.
const UiRoot = lazyPage(() => import('./UiRoot.tsx'));
const LockPage = lazyPage(() => import('../features/auth/lock/index.tsx'));
// The provider's way back; it needs the pages' strings (the registration dialog) before the frame has loaded them.
const SocialCallback = lazyPage(() =>
  Promise.all([import('../features/auth/login/SocialCallback.tsx'), loadCatalogs()]).then(([page]) => page),
);
const ErrorPage = lazyPage(() => import('../features/shell/error/index.tsx'));
// The signed-in layout comes with the pages' strings and the server's messages, never fetched by the login page.
const Shell = lazyPage(() => Promise.all([import('./layout/Shell.tsx'), loadCatalogs()]).then(([shell]) => shell));
const WelPage = lazyPage(() => import('../features/desk/home/index.tsx'));
const MenuView = lazyPage(() => import('./MenuView.tsx'));
const DictHorizontalPage = lazyPage(() => import('../features/system/dict-horizontal.tsx'));
const DictVerticalPage = lazyPage(() => import('../features/system/dict-vertical.tsx'));
const InfoPage = lazyPage(() => import('../features/user/info/index.tsx'));
const DashboardPage = lazyPage(() => import('../features/desk/home/dashboard.tsx'));
const DesktopPage = lazyPage(() => import('../features/desk/desktop/index.tsx'));
const DiagnosticsPage = lazyPage(() => import('../features/shell/diagnostics/index.tsx'));
const EmbeddedPage = lazyPage(() => import('../features/shell/embedded/index.tsx'));
const BindClassPage = lazyPage(() => import('../features/academic/bind-class.tsx'));
const PaperPreviewPage = lazyPage(() => import('../features/paper/PaperPreview.tsx'));
const PaperEditorPage = lazyPage(() => import('../features/paper/PaperEditor.tsx'));
const OpenPaperPage = lazyPage(() => import('../features/paper/OpenPaper.tsx'));
// The exam has a focused page of its own (no shell): it brings the pages' strings and the server's messages itself.
const ExamPage = lazyPage(() =>
  Promise.all([import('../features/attempt/ExamPage.tsx'), loadCatalogs()]).then(([page]) => page),
);
const ReviewPage = lazyPage(() => import('../features/attempt/ReviewPage.tsx'));
// The workbench (a phone at the bench, or the teacher's desk) is focused too: no shell, its own strings.
const WorkbenchPage = lazyPage(() =>
  Promise.all([import('../features/practical/workbench/index.tsx'), loadCatalogs()]).then(([page]) => page),
);
const PracticalResultsPage = lazyPage(() => import('../features/practical/results/index.tsx'));

const open: RouteHandle = { public: true };

/**
 * A loader that starts what a signed-in route needs as soon as the address is known — the frame's, the page's and
 * the exam paper's downloads side by side instead of one after another (issue 26 §4: each wave is a round trip on a
 * school's link). Nothing waits on it: the pages show their own loading states. Without a session (or on a locked
 * screen) the guard sends the visitor elsewhere, so nothing is fetched for this route.
 */
function early(start: (args: LoaderFunctionArgs) => void) {
  return (args: LoaderFunctionArgs) => {
    if (useAuth.getState().accessToken && !useLock.getState().locked) start(args);
    return null;
  };
}

/** The exam: its page and its paper at once (the page's query finds the paper under way or arrived). */
const examEarly = early(({ params }) => {
  ExamPage.preload();
  const id = params.id;
  if (id) {
    void queryClient.prefetchQuery({
      queryKey: [EXAM_QUERY_KEY, id],
      queryFn: () => loadPaper(id),
      staleTime: Number.POSITIVE_INFINITY,
    });
  }
});

/** A page inside the shell: its download starts with the shell's. */
const shellPage = (Page: LazyPage<ComponentType>) => ({ loader: early(() => Page.preload()), element: <Page /> });

/** A menu page: the view registry's page for this address (MenuView checks the menu before it shows it). */
const menuEarly = early(({ request }) => {
  MenuView.preload();
  viewFor(new URL(request.url).pathname)?.preload();
});

export const router = createBrowserRouter([
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      { path: website.loginPath, handle: open, element: <Suspended page={<LoginPage />} /> },
      { path: '/', handle: open, element: <Navigate to="/wel" replace /> },
      { path: '/wel', handle: open, element: <Navigate to={website.homePath} replace /> },
      {
        loader: early(() => UiRoot.preload()),
        element: <Suspended page={<UiRoot />} />,
        children: [
          { path: website.lockPath, handle: open, element: <Suspended page={<LockPage />} /> },
          { path: '/oauth/callback/:source', handle: open, element: <Suspended page={<SocialCallback />} /> },
          { path: '/404', handle: open, element: <Suspended page={<ErrorPage status="404" />} /> },
          { path: '/403', handle: open, element: <Suspended page={<ErrorPage status="403" />} /> },
          { path: '/500', handle: open, element: <Suspended page={<ErrorPage status="500" />} /> },
          // Taking an attempt (`:id` = paper_student): signed in, but outside the shell — no menu, tabs or search to
          // wander into; the page has its own header (title, timer, save state, 交卷).
          { path: '/paper/exam/:id', loader: examEarly, element: <Suspended page={<ExamPage />} /> },
          {
            path: '/jd/practical/paper_detail/:paperId/:practicalStudentId/:mode',
            loader: early(() => WorkbenchPage.preload()),
            element: <Suspended page={<WorkbenchPage />} />,
          },
          {
            loader: early(() => Shell.preload()),
            element: <Suspended page={<Shell />} />,
            children: [
              { path: website.homePath, ...shellPage(WelPage) },
              {
                path: '/dict-horizontal/index',
                handle: { title: 'dict.horizontal' },
                ...shellPage(DictHorizontalPage),
              },
              { path: '/dict-vertical/index', handle: { title: 'dict.vertical' }, ...shellPage(DictVerticalPage) },
              { path: website.infoPath, handle: { title: 'info.title' }, ...shellPage(InfoPage) },
              { path: website.dashboardPath, handle: { title: 'route.dashboard' }, ...shellPage(DashboardPage) },
              { path: website.desktopPath, handle: { title: 'route.desktop' }, ...shellPage(DesktopPage) },
              { path: website.diagnosticsPath, handle: { title: 'route.diagnostics' }, ...shellPage(DiagnosticsPage) },
              { path: `${website.iframePath}/:routerPath`, ...shellPage(EmbeddedPage) },
              // A class QR code's link (modules/academic/student/class-bind.ts on the server).
              { path: '/bind/class', handle: { title: 'academic.bind.pageTitle' }, ...shellPage(BindClassPage) },
              { path: '/paper/edit/:id', handle: { title: 'paper.editor.pageTitle' }, ...shellPage(PaperEditorPage) },
              {
                path: '/paper/preview/:id',
                handle: { title: 'paperPreview.pageTitle' },
                ...shellPage(PaperPreviewPage),
              },
              // A paper's QR code's link (modules/paper/paper.routes.ts `qrcode/{id}` on the server).
              { path: '/paper/open', handle: { title: 'paperOpen.pageTitle' }, ...shellPage(OpenPaperPage) },
              // A student's attempt's answers once released (`:id` = paper_student); taking it is outside the shell.
              { path: '/paper/review/:id', handle: { title: 'take.review.pageTitle' }, ...shellPage(ReviewPage) },
              {
                path: '/practical/results/:id',
                handle: { title: 'practicalResults.pageTitle' },
                ...shellPage(PracticalResultsPage),
              },
              // Every other path is looked up in the server's menu and served through the view registry.
              { path: '*', loader: menuEarly, element: <MenuView /> },
            ],
          },
        ],
      },
    ],
  },
]);
