import { App, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../stores/auth.ts';

interface Props<T> {
  /** The permission code the server checks for this action; without it the button is not shown. */
  code: string;
  icon: ReactNode;
  /** Catalog key of the button's text (or its tooltip when `compact`). */
  label: string;
  /** In a table row: a small link button. */
  row?: boolean;
  /** Icon only, with the label as tooltip (dense rows). */
  compact?: boolean;
  disabled?: boolean;
  /** Why it is disabled, as a tooltip. */
  hint?: string;
  onClick?: () => void;
  /**
   * A toolbar action on ticked rows: called with them, or a warning (请选择至少一条数据) while none is ticked.
   * Give the option's `selectFor` the same code so rows get checkboxes.
   */
  rows?: { selected: T[]; run: (selected: T[]) => void };
}

/** A page's own action in CrudPage's toolbar or a row, shown only to holders of its permission code. */
export function ActionButton<T>({ code, icon, label, row, compact, disabled, hint, onClick, rows }: Props<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useAuth((s) => Boolean(s.permission[code]));
  if (!allowed) return null;
  const click = rows
    ? () => (rows.selected.length ? rows.run(rows.selected) : void message.warning(t('crud.selectOne')))
    : onClick;
  const button = (
    <Button
      type={row ? 'link' : 'default'}
      size={row ? 'small' : undefined}
      icon={icon}
      disabled={disabled}
      aria-label={compact ? t(label) : undefined}
      onClick={click}
    >
      {compact ? null : t(label)}
    </Button>
  );
  const tip = hint ?? (compact ? t(label) : undefined);
  return tip ? <Tooltip title={tip}>{button}</Tooltip> : button;
}
