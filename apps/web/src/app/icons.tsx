import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons a menu's `source` may name; anything else (e.g. an old iconfont class) gets the default. */
const known: Record<string, ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined />,
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BankOutlined: <BankOutlined />,
  BookOutlined: <BookOutlined />,
  CalendarOutlined: <CalendarOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  ClusterOutlined: <ClusterOutlined />,
  ControlOutlined: <ControlOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  EnvironmentOutlined: <EnvironmentOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  FormOutlined: <FormOutlined />,
  GiftOutlined: <GiftOutlined />,
  HomeOutlined: <HomeOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  LinkOutlined: <LinkOutlined />,
  MenuOutlined: <MenuOutlined />,
  MessageOutlined: <MessageOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PaperClipOutlined: <PaperClipOutlined />,
  ReadOutlined: <ReadOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  SolutionOutlined: <SolutionOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserOutlined: <UserOutlined />,
};

export const menuIcon = (source: string | undefined): ReactNode => (source && known[source]) || <AppstoreOutlined />;

/** The icon names a menu can be given (the icon picker offers these). */
export const menuIconNames = Object.keys(known);

/** The icon a `source` names, or nothing when it names none we know. */
export const knownIcon = (source: string | undefined): ReactNode => (source ? known[source] : undefined);
