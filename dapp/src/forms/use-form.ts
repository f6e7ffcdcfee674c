import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validate.ts';

type Values = Record<string, string | boolean>;

/**
 * A form's values and field messages. Editing a field clears its message: a message about something the user
 * is fixing is noise, and it returns on the next submit if still wrong.
 */
export function useForm<V extends Values>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name as string] ? { ...current, [name]: undefined } : current));
  }, []);

  /** value/onChange/error for a TextField (or any input) bound to a text value. */
  const text = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, event.target.value as V[K]),
  });

  /** value/error and a setter, for a field whose component formats what is typed (a card number, an expiry). */
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name] as string,
    error: errors[name],
    set: (value: string) => set(name, value as V[K]),
  });

  return { values, errors, setErrors, set, text, field, setValues };
}
