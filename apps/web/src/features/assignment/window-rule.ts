import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** A form's date value as the contracts' schemas take it. */
export const toDate = (v: unknown) => (dayjs.isDayjs(v) ? (v as Dayjs).toDate() : (v ?? undefined));

/**
 * The close time comes after the open time (the server checks it too), as the assign drawers ask it; a file job's
 * drawer names them `startTime` and `deadline`.
 */
export const closeAfterOpen =
  (t: TFunction, openField = 'openTime', messageKey = 'shared:assignment.close.beforeOpen'): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const openAt = getFieldValue(openField) as Dayjs | null | undefined;
      if (dayjs.isDayjs(value) && openAt && !(value as Dayjs).isAfter(openAt)) throw new Error(t(messageKey));
    },
  });
