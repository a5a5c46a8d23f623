import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Form controls of an assignment's access settings (antd Form.Item children: value/onChange).

/**
 * What the settings form holds for a password that is set: the server never returns it, only that there is one
 * (`hasPassword`). Sent back unchanged, it is left out of the request, so the stored password stays.
 */
export const PASSWORD_KEPT = '\u0000kept';

/**
 * The access password: a set one shows as "set" with a button to change it; otherwise a password box, where empty
 * means no password (and, for one that was set, removes it).
 */
export function PasswordSetting({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  if (value === PASSWORD_KEPT)
    return (
      <Space wrap>
        <Typography.Text data-testid="password-set">{t('assignment.access.passwordSet')}</Typography.Text>
        <Button id={id} size="small" onClick={() => onChange?.('')}>
          {t('assignment.access.passwordChange')}
        </Button>
      </Space>
    );
  return (
    <Input.Password
      id={id}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={50}
      autoComplete="new-password"
      placeholder={t('assignment.access.passwordPlaceholder')}
    />
  );
}

/** Lines of text as the list of ranges they hold (blank lines dropped). */
export function networkLines(text: string): string[] {
  return text
    .split(/[\n,;，；]+/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Allowed networks, one range per line; the text is kept as typed, the form holds the list. */
export function NetworksInput({
  value,
  onChange,
  onBlur,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  /** The form's blur (its rules run on blur). */
  onBlur?: () => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState((value ?? []).join('\n'));
  // A value set from outside (the form reset or filled from the row) replaces the text.
  useEffect(() => {
    setText((typed) =>
      networkLines(typed).join('\n') === (value ?? []).join('\n') ? typed : (value ?? []).join('\n'),
    );
  }, [value]);
  return (
    <Input.TextArea
      id={id}
      value={text}
      autoSize={{ minRows: 2, maxRows: 6 }}
      placeholder={t('assignment.access.networksPlaceholder')}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(networkLines(e.target.value));
      }}
    />
  );
}
