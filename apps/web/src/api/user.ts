import type {
  ImportIssue,
  PasswordReset,
  User,
  UserForm,
  UserImportResult,
  UserInfoForm,
  UserPlatform,
  UserPlatformForm,
} from '@shixun/contracts';
import SparkMD5 from 'spark-md5';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';

const base = '/api/blade-user';

export type { ImportIssue };

/** The three values travel md5-hashed, as the login's password does. */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export const userApi = {
  ...resourceApi<User, UserForm>(base, 'page'),
  grant: (userIds: string[], roleIds: string[]) => http.post<null>(`${base}/grant`, { userIds, roleIds }),
  resetPassword: (userIds: string[]) =>
    http.post<PasswordReset[]>(`${base}/reset-password`, undefined, { params: { userIds: userIds.join(',') } }),
  /** The signed-in user's own record (personal info). */
  info: () => http.get<User>(`${base}/info`),
  updateInfo: (form: UserInfoForm) => http.post<User>(`${base}/update-info`, form),
  updatePassword: (p: PasswordChange) =>
    http.post<null>(`${base}/update-password`, {
      oldPassword: SparkMD5.hash(p.oldPassword),
      newPassword: SparkMD5.hash(p.newPassword),
      newPassword1: SparkMD5.hash(p.newPassword1),
    }),
  platformDetail: (id: string) => http.get<UserPlatform>(`${base}/platform-detail`, { id }),
  updatePlatform: (form: UserPlatformForm) => http.post<null>(`${base}/update-platform`, form),
  downloadTemplate: () => http.download(`${base}/export-template`),
  exportUsers: (filters: Record<string, string | number>) => http.download(`${base}/export-user`, filters),
  /** The row report of a refused import arrives as the error's body; the caller shows it, so no toast. */
  importUsers: (file: File, covered: boolean) =>
    http.upload<UserImportResult>(
      `${base}/import-user`,
      file,
      { isCovered: covered ? 1 : 0 },
      {
        quiet: true,
        // Hashing thousands of generated passwords takes a while (see docs/API.md).
        timeout: 180_000,
      },
    ),
};
