import type { Page } from '@shixun/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import type { DictRef } from '../DictSelect.tsx';

/** How a column is edited in the form and shown in the table (Avue's `type`). */
export type FieldType = 'input' | 'textarea' | 'number' | 'select' | 'switch' | 'status';

export interface CrudColumn<T> {
  prop: Extract<keyof T, string>;
  /** Key in the UI catalog. */
  label: string;
  type?: FieldType;
  /** Also a field of the search form. */
  search?: boolean;
  hideInTable?: boolean;
  hideInForm?: boolean;
  width?: number;
  ellipsis?: boolean;
  /** For `select`: labels are catalog keys. */
  options?: { label: string; value: string | number }[];
  /** For `select`: options come from this system dictionary instead. */
  dict?: DictRef;
  /** Replaces the rule derived from the form schema. */
  rules?: FormRule[];
}

export type ListQuery = { current: number; size: number } & Record<string, string | number | undefined>;

export interface CrudApi<T, F> {
  list(query: ListQuery): Promise<Page<T>>;
  detail(id: string): Promise<T>;
  /** Add without `id`, update with it. */
  submit(form: F & { id?: string }): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

export interface CrudOption<T, S extends z.ZodObject> {
  /** Permission prefix: buttons need `{biz}_add|_view|_edit|_delete`. */
  biz: string;
  /** Catalog key of the entity noun, for drawer titles ("新增参数"). */
  title: string;
  rowKey: Extract<keyof T, string>;
  api: CrudApi<T, z.output<S>>;
  columns: CrudColumn<T>[];
  /** The contracts' form schema: field rules and messages come from it. */
  formSchema: S;
}

export type DrawerMode = 'view' | 'add' | 'edit';
