import { createBrowserRouter, Navigate } from 'react-router';
import { website } from '../config.ts';
import { loadCatalogs } from '../i18n/index.ts';
import { Guard, type RouteHandle } from './guard.tsx';
import { lazyPage } from './lazy.ts';
import { RouteError } from './RouteError.tsx';
import { Suspended } from './Suspended.tsx';

const LoginPage = lazyPage(() => import('../pages/login/index.tsx'));
const LockPage = lazyPage(() => import('../pages/lock/index.tsx'));
// The provider's way back; it needs the pages' strings (the registration dialog) before the frame has loaded them.
const SocialCallback = lazyPage(() =>
  Promise.all([import('../pages/login/SocialCallback.tsx'), loadCatalogs()]).then(([page]) => page),
);
const ErrorPage = lazyPage(() => import('../pages/error/index.tsx'));
// The signed-in layout comes with the pages' strings and the server's messages, never fetched by the login page.
const Shell = lazyPage(() => Promise.all([import('./layout/Shell.tsx'), loadCatalogs()]).then(([shell]) => shell));
const WelPage = lazyPage(() => import('../pages/wel/index.tsx'));
const MenuView = lazyPage(() => import('./MenuView.tsx'));
const DictHorizontalPage = lazyPage(() => import('../pages/dict-horizontal/index.tsx'));
const DictVerticalPage = lazyPage(() => import('../pages/dict-vertical/index.tsx'));
const InfoPage = lazyPage(() => import('../pages/info/index.tsx'));
const DashboardPage = lazyPage(() => import('../pages/wel/dashboard.tsx'));
const DesktopPage = lazyPage(() => import('../pages/zhuomian/index.tsx'));
const DiagnosticsPage = lazyPage(() => import('../pages/test/index.tsx'));
const EmbeddedPage = lazyPage(() => import('../pages/myiframe/index.tsx'));
const BindClassPage = lazyPage(() => import('../pages/bind/class.tsx'));
const PaperPreviewPage = lazyPage(() => import('../pages/paper/PaperPreview.tsx'));
const PaperEditorPage = lazyPage(() => import('../pages/paper/PaperEditor.tsx'));
const OpenPaperPage = lazyPage(() => import('../pages/paper/OpenPaper.tsx'));
// The exam has a focused page of its own (no shell): it brings the pages' strings and the server's messages itself.
const ExamPage = lazyPage(() =>
  Promise.all([import('../pages/paper/exam/ExamPage.tsx'), loadCatalogs()]).then(([page]) => page),
);
const ReviewPage = lazyPage(() => import('../pages/paper/exam/ReviewPage.tsx'));

const open: RouteHandle = { public: true };

export const router = createBrowserRouter([
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      { path: website.loginPath, handle: open, element: <Suspended page={<LoginPage />} /> },
      { path: website.lockPath, handle: open, element: <Suspended page={<LockPage />} /> },
      { path: '/oauth/callback/:source', handle: open, element: <Suspended page={<SocialCallback />} /> },
      { path: '/404', handle: open, element: <Suspended page={<ErrorPage status="404" />} /> },
      { path: '/403', handle: open, element: <Suspended page={<ErrorPage status="403" />} /> },
      { path: '/500', handle: open, element: <Suspended page={<ErrorPage status="500" />} /> },
      { path: '/', handle: open, element: <Navigate to="/wel" replace /> },
      { path: '/wel', handle: open, element: <Navigate to={website.homePath} replace /> },
      // Taking an attempt (`:id` = paper_student): signed in, but outside the shell — no menu, tabs or search to
      // wander into; the page has its own header (title, timer, save state, 交卷).
      { path: '/paper/exam/:id', element: <Suspended page={<ExamPage />} /> },
      {
        element: <Suspended page={<Shell />} />,
        children: [
          { path: website.homePath, element: <WelPage /> },
          { path: '/dict-horizontal/index', handle: { title: 'dict.horizontal' }, element: <DictHorizontalPage /> },
          { path: '/dict-vertical/index', handle: { title: 'dict.vertical' }, element: <DictVerticalPage /> },
          { path: website.infoPath, handle: { title: 'info.title' }, element: <InfoPage /> },
          { path: website.dashboardPath, handle: { title: 'route.dashboard' }, element: <DashboardPage /> },
          { path: website.desktopPath, handle: { title: 'route.desktop' }, element: <DesktopPage /> },
          { path: website.diagnosticsPath, handle: { title: 'route.diagnostics' }, element: <DiagnosticsPage /> },
          { path: `${website.iframePath}/:routerPath`, element: <EmbeddedPage /> },
          // A class QR code's link (modules/exam/student/class-bind.ts on the server).
          { path: '/bind/class', handle: { title: 'exam.bind.pageTitle' }, element: <BindClassPage /> },
          { path: '/paper/edit/:id', handle: { title: 'paper.editor.pageTitle' }, element: <PaperEditorPage /> },
          { path: '/paper/preview/:id', handle: { title: 'paperPreview.pageTitle' }, element: <PaperPreviewPage /> },
          // A paper's QR code's link (modules/paper/paper.routes.ts `qrcode/{id}` on the server).
          { path: '/paper/open', handle: { title: 'paperOpen.pageTitle' }, element: <OpenPaperPage /> },
          // A student's attempt's answers once released (`:id` = paper_student); taking it is outside the shell.
          { path: '/paper/review/:id', handle: { title: 'take.review.pageTitle' }, element: <ReviewPage /> },
          // Every other path is looked up in the server's menu and served through the view registry.
          { path: '*', element: <MenuView /> },
        ],
      },
    ],
  },
]);
