import { DatePicker, InputNumber, Radio, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

// Form controls shared by the paper's settings and the assignment forms (antd Form.Item children: value/onChange).

/** A 0/1 flag of the contracts as a switch (a form control). */
export function FlagSwitch({ value, onChange, id }: { value?: number; onChange?: (v: 0 | 1) => void; id?: string }) {
  return <Switch id={id} checked={value === 1} onChange={(on) => onChange?.(on ? 1 : 0)} />;
}

/**
 * A whole number with its unit (a catalog key); `zero` (a catalog key) says what 0 means, beside the unit, e.g.
 * "分钟 · 至结束时间".
 */
export function UnitNumber({
  value,
  onChange,
  id,
  min = 0,
  max,
  unit,
  zero,
}: {
  value?: number;
  onChange?: (v: number | null) => void;
  id?: string;
  min?: number;
  max: number;
  unit: string;
  zero?: string;
}) {
  const { t } = useTranslation();
  return (
    <InputNumber
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      min={min}
      max={max}
      precision={0}
      suffix={value === 0 && zero ? `${t(unit)} · ${t(zero)}` : t(unit)}
      style={{ width: '100%' }}
    />
  );
}

/** Choices side by side (wrapping on a narrow screen), each label a catalog key. */
export function Choice({
  value,
  onChange,
  id,
  options,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(e) => onChange?.(e.target.value as string)}
      options={options.map((o) => ({ value: o.value, label: t(o.label) }))}
    />
  );
}

/** A date and time to the minute. */
export function DateTimeInput({
  value,
  onChange,
  id,
  placeholder,
  disabled,
}: {
  value?: Dayjs | null;
  onChange?: (v: Dayjs | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <DatePicker
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
