import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownInfoQuery } from './account.ts';

/**
 * The names of the signed-in user's roles (教师, 学生 …), for people to read. The login carries only the aliases
 * (`teacher`), which stay what menus are matched with; the names come with the user's own record. Names are stored
 * in Chinese: in English a seeded role still under its seeded name gets its English name, and a role an
 * administrator named is shown as named.
 */
export function useRoleNames(): string[] {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({ ...ownInfoQuery, staleTime: 5 * 60_000 });
  const names = data?.roleName ? data.roleName.split(',') : [];
  if (i18n.language !== 'en') return names;
  const seeded = t('home.roles', { lng: 'zh', returnObjects: true }) as Record<string, string>;
  return names.map((name) => {
    const alias = Object.keys(seeded).find((key) => seeded[key] === name);
    return alias ? t(`home.roles.${alias}`) : name;
  });
}
