import type { DictOption, MenuNode, Page, Param, ParamForm, Post, PostForm } from '@shixun/contracts';
import { http } from './http.ts';

const menu = '/api/blade-system/menu';
const param = '/api/blade-system/param';
const post = '/api/blade-system/post';

export const fetchMenuRoutes = () => http.get<MenuNode[]>(`${menu}/routes`);
export const fetchMenuButtons = () => http.get<MenuNode[]>(`${menu}/buttons`);

export type ParamQuery = {
  current: number;
  size: number;
  paramName?: string;
  paramKey?: string;
};

export const paramApi = {
  list: (query: ParamQuery) => http.get<Page<Param>>(`${param}/list`, { ...query }),
  detail: (id: string) => http.get<Param>(`${param}/detail`, { id }),
  submit: (form: ParamForm & { id?: string }) => http.post<Param>(`${param}/submit`, form),
  remove: (ids: string[]) => http.post<null>(`${param}/remove`, undefined, { params: { ids: ids.join(',') } }),
};

/** The unsealed items of a system dictionary, by sort. */
export const fetchDictionary = (code: string) => http.get<DictOption[]>('/api/blade-system/dict/dictionary', { code });

export type PostQuery = { current: number; size: number; postCode?: string; postName?: string; category?: number };

export const postApi = {
  list: (query: PostQuery) => http.get<Page<Post>>(`${post}/list`, { ...query }),
  detail: (id: string) => http.get<Post>(`${post}/detail`, { id }),
  submit: (form: PostForm & { id?: string }) => http.post<Post>(`${post}/submit`, form),
  remove: (ids: string[]) => http.post<null>(`${post}/remove`, undefined, { params: { ids: ids.join(',') } }),
};
