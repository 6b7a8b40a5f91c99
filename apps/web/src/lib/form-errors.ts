import type { ErrorCode } from "@portal/contract";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ParsedError, ParsedErrorItem } from "./errors";

/**
 * Puts a parsed server error on the form fields it concerns: items whose code is mapped to a field
 * (auth/email_taken → email) and 422 items naming a field of the form. Returns what is left over,
 * for a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  parsed: ParsedError,
  setError: UseFormSetError<T>,
  options: { fields: readonly Path<T>[]; fieldByCode?: Partial<Record<ErrorCode, Path<T>>> },
): ParsedErrorItem[] {
  const rest: ParsedErrorItem[] = [];
  let focused = false;
  for (const item of parsed.items) {
    const field =
      (item.code ? options.fieldByCode?.[item.code] : undefined) ??
      (item.field && (options.fields as readonly string[]).includes(item.field) ? (item.field as Path<T>) : undefined);
    if (field) {
      setError(field, { type: "server", message: item.message }, { shouldFocus: !focused });
      focused = true;
    } else {
      rest.push(item);
    }
  }
  return rest;
}
