import type { CrudResource, Page, PermissionCode, TreeNode } from '@shixun/contracts';
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
  /**
   * Left empty, it is not sent (e.g. "generate one for me"); in an edit, empty keeps the stored secret, so it is
   * required only when adding.
   */
  | 'password'
  | 'date'
  | 'datetime'
  | 'treeSelect'
  /**
   * HTML edited with the RichEditor: formatted in the view drawer (which is wider for it), plain text in the table,
   * a plain text box in the search bar.
   */
  | 'richText';

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
  /**
   * The narrowest the column may be drawn when the table is fitted to its panel (fitColumns); default about its
   * heading's width, the text wrapping below. A cell that must not be cut (a progress bar, a score) sets `width`.
   */
  minWidth?: number;
  ellipsis?: boolean;
  /** For `select`: labels are catalog keys. */
  options?: { label: string; value: string | number }[];
  /** The search bar offers these instead (e.g. a status filter with a value no form would store). */
  searchOptions?: { label: string; value: string | number }[];
  /** For `select`: options come from this system dictionary instead. */
  dict?: DictRef;
  /** For `select` and `treeSelect`: options loaded from the server (cached under `optionsKey`). */
  loadOptions?: () => Promise<TreeNode[] | { label: string; value: string | number }[]>;
  /** Query key of `loadOptions`; reloaded whenever this resource changes. */
  optionsKey?: string;
  /** For `select` and `treeSelect`: several values (an array; a stored comma list such as "a,b" is split). */
  multiple?: boolean;
  /**
   * With `multiple`: the value is stored as one string joined by this (BladeX's comma lists, e.g. `"12,13"`); the
   * form holds the array, the server gets and sends the string.
   */
  separator?: string;
  /** Replaces the rule derived from the form schema. */
  rules?: FormRule[];
  /** A custom table cell. */
  render?: (value: unknown, row: T) => ReactNode;
  /** Half width in the drawer, so two short fields share a line. */
  half?: boolean;
  /** Catalog key of a short explanation shown under the field in the drawer. */
  help?: string;
  /**
   * Shown in the drawer only while this holds for the form's current values, e.g. a dept picker only for the
   * custom rule type. A hidden field is neither validated nor sent (the server keeps or clears it by its own rule).
   */
  visible?: (values: Record<string, unknown>) => boolean;
  /**
   * The drawer's control for this field instead of the one `type` gives (e.g. an icon picker, free tags); the table
   * cell and the search field still follow `type`. The form item passes it `value` and `onChange`; antd inputs inside
   * it are read-only in view mode like every other field, and it may read other fields with
   * `Form.useWatch(name, Form.useFormInstance())`. A function receives the field's placeholder text.
   */
  control?: ReactElement | ((placeholder: string) => ReactElement);
}

export type ListQuery = { current: number; size: number } & Record<string, string | number | undefined>;

export interface CrudApi<T, F> {
  list(query: ListQuery): Promise<Page<T>>;
  detail(id: string): Promise<T>;
  /** Add without `id`, update with it. */
  submit(form: F & { id?: string }): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

/**
 * A page's own action on a row (授权, 新增下级 ...), after 查看 / 编辑 / 删除. CrudPage offers it only to holders of its
 * permission code, and puts it in the row or under the row's 更多 menu.
 */
export interface RowAction {
  /** The permission code the server checks for this action. */
  code: PermissionCode;
  /** Catalog key of its name. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Catalog key of why it is disabled, shown as a tooltip. */
  hint?: string;
}

/** What toolbar and row extras can do with the page. */
export interface CrudContext<T> {
  selected: T[];
  /** The search bar's filters plus the page's fixed query, as the list is loaded with them. */
  filters: Record<string, string | number>;
  reload: () => void;
  openAdd: (defaults?: Record<string, unknown>) => void;
}

export interface CrudOption<T, S extends z.ZodObject> {
  /** Permission prefix: buttons need `{biz}_add|_view|_edit|_delete`. */
  biz: CrudResource;
  /**
   * The page decides every button itself (what a row allows depends on the row, e.g. a library shared to read):
   * no standard 新增/查看/编辑/删除, only its toolbar extras and row actions; the drawer opens through `ctx`.
   */
  ownActions?: boolean;
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
  /**
   * Permission codes (besides `{biz}_delete`) whose holders act on ticked rows through toolbar extras, e.g.
   * `user_role`: rows get checkboxes only for someone who can do something with them.
   */
  selectFor?: PermissionCode[];
  /** Extra toolbar buttons (shown beside 新增 / 删除). */
  toolbar?: (ctx: CrudContext<T>) => ReactNode;
  /** This row's own actions (e.g. none where they make no sense for it). */
  rowActions?: (row: T, ctx: CrudContext<T>) => RowAction[];
  /**
   * What the caller may do with one row beyond what their codes allow (a row shared with them to read is not theirs
   * to edit or delete): the 编辑 and 删除 buttons follow; the server decides in the end.
   */
  rowRights?: (row: T) => { edit: boolean; remove: boolean };
  /**
   * Values a new record starts with. A default for a schema field the form does not show (e.g. the parent of a
   * child row) is sent with the new record as it is. A function is called each time the add form opens, for values
   * that must be fresh then (e.g. a release time of now).
   */
  defaults?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Turns the validated form into what is sent (e.g. a password becomes its md5). */
  beforeSubmit?: (values: z.output<S>, mode: DrawerMode) => z.output<S>;
  /** Runs after a successful save with the server's answer (e.g. to show a one-time password). */
  afterSave?: (saved: unknown, mode: DrawerMode) => void;
  /** Runs after rows were deleted (e.g. to let go of a row picked in a master–detail page). */
  afterRemove?: (ids: string[]) => void;
}
