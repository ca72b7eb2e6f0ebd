import { useTranslation } from 'react-i18next';

/** The form's errors by field name (react-hook-form's, for fields that hold strings). */
type FieldMessages = Readonly<Record<string, { message?: string | undefined } | undefined>>;

/** The props `useFieldProps` makes for one field. */
export interface FormFieldProps {
  id: string;
  errorText: string | undefined;
  errorPrefix: string;
  optionalText?: string;
}

/**
 * The props of a form's `Field` (@portal/ui/field) by field name: the control's id, its error
 * message, the „Chyba:" read before it and, for an optional field, „(nepovinné)" in the label.
 * `errors` is read when the props are made, so call it during render.
 */
export function useFieldProps<Name extends string>(ids: Readonly<Record<Name, string>>, errors: FieldMessages) {
  const { t } = useTranslation('common');
  return (name: Name, { optional = false }: { optional?: boolean } = {}): FormFieldProps => ({
    id: ids[name],
    errorText: errors[name]?.message,
    errorPrefix: t('form.errorPrefix'),
    ...(optional ? { optionalText: t('form.optional') } : {}),
  });
}
