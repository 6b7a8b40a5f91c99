import type { ErrorCode } from "@portal/contract";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { parseApiError, type ParsedError, type ParsedErrorItem } from "./errors";
import { notifyMessage } from "./notify";

interface ServerErrorFields<T extends FieldValues> {
  /** The form's fields a 422 item may name. */
  fields: readonly Path<T>[];
  /**
   * Codes that are about one field (auth/email_taken → email), or about the whole form ("root":
   * the form shows `formState.errors.root` itself, e.g. a limit reached).
   */
  fieldByCode?: Partial<Record<ErrorCode, Path<T> | "root">>;
}

/**
 * Puts a parsed server error on the form fields it concerns: items whose code is mapped to a field
 * (auth/email_taken → email) and 422 items naming a field of the form. Returns what is left over,
 * for a toast.
 */
function applyServerErrors<T extends FieldValues>(parsed: ParsedError, setError: UseFormSetError<T>, options: ServerErrorFields<T>): ParsedErrorItem[] {
  const rest: ParsedErrorItem[] = [];
  let focused = false;
  for (const item of parsed.items) {
    const field: Path<T> | "root" | undefined =
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

/**
 * What a form does when the server refuses it (its mutation's `onError`): the errors about its
 * fields land on them, the first one focused; the rest is one toast, each message once.
 */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, options: ServerErrorFields<T>): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, setError, options);
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => item.message))].join("\n"), parsed.type);
  };
}
