/** A text field of a submitted form; '' when it is missing (FormData may also hold files). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
