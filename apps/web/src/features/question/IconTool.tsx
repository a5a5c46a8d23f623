import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  /** Shown on hover. */
  title: string;
  /** What a screen reader says: names the row, e.g. "选项 B 上移". */
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A small icon button of an editor row (move up, move down, edit, remove), with its tooltip. */
export function IconTool({ icon, title, label, danger, disabled, onClick }: Props) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
