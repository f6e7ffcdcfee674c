/**
 * Form checks with the domain's zod schemas, so the dapp and the api apply the very same rule and message.
 * Structural types: the dapp calls the schemas the domain exports and never imports zod itself.
 */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** The parsed value, or the first message per field (what the form shows beside each input). */
export function validate<T>(schema: SafeParser<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues) };
}

export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** Some fields mean something only to the form ("confirm password"); this merges their checks in. */
export function withErrors<T>(validation: Validation<T>, extra: FieldErrors): Validation<T> {
  const present = Object.entries(extra).filter(([, message]) => message);
  if (present.length === 0) return validation;
  const base = validation.ok ? {} : validation.errors;
  return { ok: false, errors: { ...Object.fromEntries(present), ...base } };
}
