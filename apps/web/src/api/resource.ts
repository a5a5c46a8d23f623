import type { Page } from '@shixun/contracts';
import type { CrudApi, ListQuery } from '../components/CrudPage/types.ts';
import { http } from './http.ts';

/**
 * The one resource client: the spec's generic calls (`list|page`, `detail?id`, `remove?ids`, `submit`) for a
 * resource under `base`, as CrudPage uses them.
 */
export function resourceApi<T, F>(
  base: string,
  /** The list call: `list`, `page`, or a narrower one such as `parent-list`. */
  listPath = 'list',
): CrudApi<T, F> {
  return {
    list: (query: ListQuery) => http.get<Page<T>>(`${base}/${listPath}`, { ...query }),
    detail: (id: string) => http.get<T>(`${base}/detail`, { id }),
    submit: (form: F & { id?: string }) => http.post<T>(`${base}/submit`, form),
    remove: (ids: string[]) => http.post<null>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}
