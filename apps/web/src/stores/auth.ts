import { type LoginResponse, type MenuNode, SUPERUSER_ROLE, TENANT_ADMIN_ROLE, type UserInfo } from '@shixun/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { website } from '../config.ts';
import { local, storageKey } from './storage.ts';

/** What the shell shows about the signed-in user; built from the login response or from user-info. */
export interface SessionUser {
  userId: string;
  account: string;
  name: string;
  avatar: string;
  tenantId: string;
  /** Comma-joined role aliases, as the login response carries them. */
  roleName: string;
}

interface AuthState {
  accessToken: string;
  refreshToken: string;
  tenantId: string;
  /** When the access token was stored (ms); the refresh timer measures its age from here. */
  savedAt: number;
  user: SessionUser | null;
  menu: MenuNode[];
  permission: Record<string, true>;
  signIn: (res: LoginResponse) => void;
  /** A bare access token, e.g. from `?token=` in a link; the user is loaded afterwards. */
  adoptToken: (token: string) => void;
  setUser: (info: UserInfo) => void;
  /** After the personal info form saved: the shell shows the new name and avatar at once. */
  setProfile: (profile: { name: string; avatar: string }) => void;
  setMenu: (menu: MenuNode[]) => void;
  setPermission: (permission: Record<string, true>) => void;
  clear: () => void;
}

const signedOut = {
  accessToken: '',
  refreshToken: '',
  tenantId: '',
  savedAt: 0,
  user: null,
  menu: [],
  permission: {},
};

export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: (res) =>
        set({
          accessToken: res.access_token,
          refreshToken: res.refresh_token,
          tenantId: res.tenant_id,
          savedAt: Date.now(),
          user: {
            userId: res.user_id,
            account: res.account,
            name: res.nick_name || res.real_name || res.user_name,
            avatar: res.avatar || website.defaultAvatar,
            tenantId: res.tenant_id,
            roleName: res.role_name,
          },
        }),
      adoptToken: (token) => set({ ...signedOut, accessToken: token, savedAt: Date.now() }),
      setUser: (info) =>
        set({
          tenantId: info.tenantId,
          user: {
            userId: info.userId,
            account: info.account,
            name: info.name || info.realName || info.account,
            avatar: info.avatar || website.defaultAvatar,
            tenantId: info.tenantId,
            roleName: info.roleAliases.join(','),
          },
        }),
      setProfile: ({ name, avatar }) =>
        set((s) => (s.user ? { user: { ...s.user, name, avatar: avatar || website.defaultAvatar } } : {})),
      setMenu: (menu) => set({ menu }),
      setPermission: (permission) => set({ permission }),
      clear: () => set(signedOut),
    }),
    { name: storageKey('auth'), storage: local },
  ),
);

export const userRoles = (user: SessionUser | null): string[] =>
  user?.roleName
    ? user.roleName
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean)
    : [];

/**
 * The platform's superuser or a school's administrator: the people who run a tenant, who see which tenant they are
 * in and get the support tools (系统诊断). Teachers and students do not.
 */
export const isAdministrator = (user: SessionUser | null): boolean =>
  userRoles(user).some((role) => role === SUPERUSER_ROLE || role === TENANT_ADMIN_ROLE);
