import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

const fieldSchema = (schema: z.ZodObject, prop: string) => schema.shape[prop] as z.ZodType | undefined;

/** A field is required when its schema refuses "nothing entered". */
export const isRequired = (schema: z.ZodObject, prop: string) =>
  fieldSchema(schema, prop)?.safeParse(undefined).success === false;

/**
 * One antd rule that runs the field's zod schema. The schema's error text is a key of the shared catalog
 * (e.g. `param.paramName.required`), so the form says exactly what the server would, in the UI's language.
 */
export function schemaRule(
  schema: z.ZodObject,
  prop: string,
  label: string,
  t: TFunction,
  convert: (value: unknown) => unknown = (v) => v,
): FormRule | undefined {
  const field = fieldSchema(schema, prop);
  if (!field) return undefined;
  return {
    validator: async (_rule, value: unknown) => {
      const result = field.safeParse(convert(value));
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'validation.invalid';
      throw new Error(t(`shared:${key}`, { field: label, defaultValue: key }));
    },
  };
}
