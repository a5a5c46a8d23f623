import type { PermissionCode } from '@shixun/contracts';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../stores/auth.ts';

interface Props<T> {
  /** The permission code the server checks for this action; without it the button is not shown. */
  code: PermissionCode;
  icon: ReactNode;
  /** Catalog key of the button's text. */
  label: string;
  onClick?: () => void;
  /**
   * A toolbar action on ticked rows: called with them, or a warning (请选择至少一条数据) while none is ticked.
   * Give the option's `selectFor` the same code so rows get checkboxes.
   */
  rows?: { selected: T[]; run: (selected: T[]) => void };
}

/**
 * A page's own button in CrudPage's toolbar, shown only to holders of its permission code. (A row's own actions are
 * the option's `rowActions`.)
 */
export function ActionButton<T>({ code, icon, label, onClick, rows }: Props<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useAuth((s) => Boolean(s.permission[code]));
  if (!allowed) return null;
  const click = rows
    ? () => (rows.selected.length ? rows.run(rows.selected) : void message.warning(t('crud.selectOne')))
    : onClick;
  return (
    <Button icon={icon} onClick={click}>
      {t(label)}
    </Button>
  );
}
