import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { website } from '../config.ts';
import { loadCatalogs } from '../i18n/index.ts';
import { Guard, type RouteHandle } from './guard.tsx';
import { RouteError } from './RouteError.tsx';
import { Suspended } from './Suspended.tsx';

const LoginPage = lazy(() => import('../pages/login/index.tsx'));
const LockPage = lazy(() => import('../pages/lock/index.tsx'));
const ErrorPage = lazy(() => import('../pages/error/index.tsx'));
// The signed-in layout comes with the pages' strings and the server's messages, never fetched by the login page.
const Shell = lazy(() => Promise.all([import('./layout/Shell.tsx'), loadCatalogs()]).then(([shell]) => shell));
const WelPage = lazy(() => import('../pages/wel/index.tsx'));
const MenuView = lazy(() => import('./MenuView.tsx'));
const DictHorizontalPage = lazy(() => import('../pages/dict-horizontal/index.tsx'));
const DictVerticalPage = lazy(() => import('../pages/dict-vertical/index.tsx'));
const InfoPage = lazy(() => import('../pages/info/index.tsx'));
const BindClassPage = lazy(() => import('../pages/bind/class.tsx'));

const open: RouteHandle = { public: true };

export const router = createBrowserRouter([
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      { path: website.loginPath, handle: open, element: <Suspended page={<LoginPage />} /> },
      { path: website.lockPath, handle: open, element: <Suspended page={<LockPage />} /> },
      { path: '/404', handle: open, element: <Suspended page={<ErrorPage status="404" />} /> },
      { path: '/403', handle: open, element: <Suspended page={<ErrorPage status="403" />} /> },
      { path: '/500', handle: open, element: <Suspended page={<ErrorPage status="500" />} /> },
      { path: '/', handle: open, element: <Navigate to="/wel" replace /> },
      { path: '/wel', handle: open, element: <Navigate to={website.homePath} replace /> },
      {
        element: <Suspended page={<Shell />} />,
        children: [
          { path: website.homePath, element: <WelPage /> },
          { path: '/dict-horizontal/index', handle: { title: 'dict.horizontal' }, element: <DictHorizontalPage /> },
          { path: '/dict-vertical/index', handle: { title: 'dict.vertical' }, element: <DictVerticalPage /> },
          { path: website.infoPath, handle: { title: 'info.title' }, element: <InfoPage /> },
          // A class QR code's link (modules/exam/student/class-bind.ts on the server).
          { path: '/bind/class', handle: { title: 'exam.bind.pageTitle' }, element: <BindClassPage /> },
          // Every other path is looked up in the server's menu and served through the view registry.
          { path: '*', element: <MenuView /> },
        ],
      },
    ],
  },
]);
