import type { Page, TreeNode } from '@shixun/contracts';
import type { FormRule } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import type { DictRef } from '../DictSelect.tsx';

/** How a column is edited in the form and shown in the table (Avue's `type`). */
export type FieldType =
  | 'input'
  | 'textarea'
  | 'number'
  | 'select'
  | 'switch'
  | 'status'
  | 'password'
  | 'date'
  | 'datetime'
  | 'treeSelect';

export type DrawerMode = 'view' | 'add' | 'edit';

export interface CrudColumn<T> {
  prop: Extract<keyof T, string>;
  /** Key in the UI catalog. */
  label: string;
  type?: FieldType;
  /** Also a field of the search form. */
  search?: boolean;
  hideInTable?: boolean;
  hideInForm?: boolean;
  /** The drawer modes the field appears in (default: all), e.g. a password only when adding. */
  modes?: DrawerMode[];
  width?: number;
  ellipsis?: boolean;
  /** For `select`: labels are catalog keys. */
  options?: { label: string; value: string | number }[];
  /** For `select`: options come from this system dictionary instead. */
  dict?: DictRef;
  /** For `select` and `treeSelect`: options loaded from the server (cached under `optionsKey`). */
  loadOptions?: () => Promise<TreeNode[] | { label: string; value: string | number }[]>;
  /** Query key of `loadOptions`; reloaded whenever this resource changes. */
  optionsKey?: string;
  /** For `select` and `treeSelect`: several values (an array). */
  multiple?: boolean;
  /** Replaces the rule derived from the form schema. */
  rules?: FormRule[];
  /** A custom table cell. */
  render?: (value: unknown, row: T) => ReactNode;
  /** Half width in the drawer, so two short fields share a line. */
  half?: boolean;
  /**
   * A custom form control (e.g. an icon picker, free tags) instead of the one `type` gives; the form passes it
   * `value` and `onChange`. Receives the field's placeholder text.
   */
  control?: (placeholder: string) => ReactElement;
  /** A short help text under the field in the drawer (a catalog key). */
  help?: string;
}

export type ListQuery = { current: number; size: number } & Record<string, string | number | undefined>;

export interface CrudApi<T, F> {
  list(query: ListQuery): Promise<Page<T>>;
  detail(id: string): Promise<T>;
  /** Add without `id`, update with it. */
  submit(form: F & { id?: string }): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

/** What toolbar and row extras can do with the page. */
export interface CrudContext<T> {
  selected: T[];
  reload: () => void;
  openAdd: (defaults?: Record<string, unknown>) => void;
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
  /**
   * A tree table loaded one level at a time: `children(parentId, filters)` answers rows with `hasChildren`; the root
   * level is `"0"`. Paging is off and rows expand on demand. With `search`, a search from the search bar asks it
   * instead for every match at once, nested under `children` (e.g. `menu/list?name=`), shown fully expanded: a
   * match deep in the tree is found without opening its parents first.
   */
  lazyTree?: {
    children: (parentId: string, filters: Record<string, string | number>) => Promise<T[]>;
    search?: (filters: Record<string, string | number>) => Promise<T[]>;
  };
  /** Extra toolbar buttons (shown beside 新增 / 删除); with them, rows can be selected for them to act on. */
  toolbar?: (ctx: CrudContext<T>) => ReactNode;
  /** Row buttons as icons with tooltips, leaving a wide table room for its columns. */
  compactActions?: boolean;
  /** Extra buttons in each row's action column. */
  rowActions?: (row: T, ctx: CrudContext<T>) => ReactNode;
  /**
   * Values a new record starts with. A default for a schema field the form does not show (e.g. the parent of a
   * child row) is sent with the new record as it is.
   */
  defaults?: Record<string, unknown>;
  /** Turns the validated form into what is sent (e.g. a password becomes its md5). */
  beforeSubmit?: (values: z.output<S>, mode: DrawerMode) => z.output<S>;
  /** Runs after a successful save with the server's answer (e.g. to show a one-time password). */
  afterSave?: (saved: unknown, mode: DrawerMode) => void;
}
