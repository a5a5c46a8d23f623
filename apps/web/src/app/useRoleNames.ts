import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localName } from '../i18n/local-name.ts';
import { ownInfoQuery } from './account.ts';

/**
 * The names of the signed-in user's roles (教师, 学生 …), for people to read, in the UI's language. The login carries
 * only the aliases (`teacher`), which stay what menus are matched with; the names come with the user's own record.
 */
export function useRoleNames(): string[] {
  useTranslation(); // re-render on a language switch
  const { data } = useQuery({ ...ownInfoQuery, staleTime: 5 * 60_000 });
  const names = data ? localName(data.roleName, data.roleNameEn) : '';
  return names ? names.split(',') : [];
}
