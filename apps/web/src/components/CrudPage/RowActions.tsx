import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One action of one row as the table shows it: the user may take it, and its texts are translated. */
export interface ShownAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  hint?: string;
}

/**
 * At most this many buttons sit in a row. A row with more actions keeps the first ones and offers the rest under
 * 更多, so the pinned 操作 column stays narrow enough for the other columns at 1366 px.
 */
const MAX_INLINE = 3;

function split(actions: ShownAction[]): { inline: ShownAction[]; more: ShownAction[] } {
  if (actions.length <= MAX_INLINE) return { inline: actions, more: [] };
  return { inline: actions.slice(0, MAX_INLINE - 1), more: actions.slice(MAX_INLINE - 1) };
}

/** About how wide a label is drawn at 14 px: Chinese characters are square, Latin letters about half as wide. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8;
  return width;
}

// antd's sizes: a small link button's padding and border, an icon-only button, the 更多 caret with its gap, and the
// cell's padding with a few pixels to spare.
const BUTTON_PADDING = 16;
const ICON_BUTTON = 24;
const CARET = 20;
const CELL_PADDING = 20;

/**
 * The 操作 column's width for these rows: the widest row's buttons. The table is laid out from declared widths, so
 * this one is computed rather than left to the browser.
 */
export function actionsWidth(rows: ShownAction[][], compact: boolean, t: TFunction): number {
  const more = textWidth(t('crud.more')) + BUTTON_PADDING + CARET;
  const widths = rows.map((actions) => {
    const { inline, more: rest } = split(actions);
    if (compact) return (inline.length + (rest.length ? 1 : 0)) * ICON_BUTTON;
    const buttons = inline.reduce((sum, a) => sum + textWidth(a.label) + BUTTON_PADDING, 0);
    return buttons + (rest.length ? more : 0);
  });
  return Math.max(textWidth(t('crud.actions')), ...widths) + CELL_PADDING;
}

function RowButton({ action, compact }: { action: ShownAction; compact: boolean }) {
  const { label, icon, danger, disabled, hint, onClick } = action;
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={disabled}
      icon={compact ? icon : undefined}
      aria-label={compact ? label : undefined}
      onClick={onClick}
    >
      {compact ? null : label}
    </Button>
  );
  const tip = hint ?? (compact ? label : undefined);
  return tip ? <Tooltip title={tip}>{button}</Tooltip> : button;
}

/**
 * A row's buttons: all of them when they fit, else the first ones and a 更多 menu (click or Enter opens it, the
 * arrow keys move through it, Enter runs an item, Esc closes it and returns to the button).
 */
export function RowActions({ actions, compact }: { actions: ShownAction[]; compact: boolean }) {
  const { t } = useTranslation();
  const { inline, more } = split(actions);
  return (
    <Space size={0} wrap={false}>
      {inline.map((action) => (
        <RowButton key={action.key} action={action} compact={compact} />
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          autoFocus
          menu={{
            items: more.map((a) => ({
              key: a.key,
              icon: a.icon,
              danger: a.danger,
              disabled: a.disabled,
              label: a.hint ? <Tooltip title={a.hint}>{a.label}</Tooltip> : a.label,
            })),
            onClick: ({ key }) => more.find((a) => a.key === key)?.onClick(),
          }}
        >
          {/* Named 更多 alone, not after its icon too; no tooltip, which would cover the menu it opens. */}
          <Button
            type="link"
            size="small"
            aria-label={t('crud.more')}
            icon={compact ? <MoreOutlined /> : <DownOutlined />}
            iconPlacement="end"
          >
            {compact ? null : t('crud.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
