import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from './icons.tsx';
import styles from './login.module.css';

export type FieldName = 'tenantId' | 'username' | 'password' | 'code';

/**
 * One labelled input of the login form. A missing value is said under the input, tied to it for screen readers;
 * a password can be shown while it is typed; `children` sit beside the input (the captcha picture).
 */
export function Field({
  name,
  label,
  value,
  missing,
  message,
  onChange,
  autoComplete,
  autoFocus,
  secret,
  children,
}: {
  name: FieldName;
  label: string;
  value: string;
  missing: boolean;
  message: string;
  onChange: (value: string) => void;
  autoComplete: string;
  autoFocus?: boolean;
  secret?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const messageId = `${name}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={name}>{label}</label>
      <div className={styles.inputRow}>
        <div className={`${styles.input} ${missing ? styles.invalid : ''}`}>
          <input
            id={name}
            name={name}
            type={secret && !shown ? 'password' : 'text'}
            value={value}
            placeholder={label}
            autoComplete={autoComplete}
            // The page is a sign-in form and nothing else: its first field takes the typing.
            // biome-ignore lint/a11y/noAutofocus: as above.
            autoFocus={autoFocus}
            required
            aria-invalid={missing}
            aria-describedby={missing ? messageId : undefined}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => onChange(e.target.value)}
          />
          {secret && (
            <button
              type="button"
              className={styles.reveal}
              aria-label={t('login.showPassword')}
              aria-pressed={shown}
              title={t('login.showPassword')}
              onClick={() => setShown((s) => !s)}
            >
              <EyeIcon crossed={!shown} />
            </button>
          )}
        </div>
        {children}
      </div>
      {missing && (
        <div id={messageId} className={styles.message}>
          {message}
        </div>
      )}
    </div>
  );
}
