import { Field, type FieldProps } from '@portal/ui/field';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectInput } from './inputs.tsx';

/**
 * A form's labelled choice from a list: a {@link Field} (label, hint, error) around a native
 * {@link SelectInput} with the same id, so the error summary links to the select.
 */
export function SelectField({
  id,
  registration,
  placeholder,
  options,
  ...field
}: Omit<FieldProps, 'children' | 'id'> & {
  id: string;
  registration: UseFormRegisterReturn;
  /** The empty first option, when there is one. */
  placeholder?: string | undefined;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <Field id={id} {...field}>
      <SelectInput id={id} {...registration} placeholder={placeholder} options={options} />
    </Field>
  );
}
