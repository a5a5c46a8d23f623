import type { MenuNode, Page, Param, ParamForm } from '@shixun/contracts';
import { http } from './http.ts';

const menu = '/api/blade-system/menu';
const param = '/api/blade-system/param';

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
