import { errorCatalogue, isErrorCode, type ErrorCode, type ErrorType } from "@portal/contract";
import type { ParseKeys, TFunction } from "i18next";
import { isApiError } from "./api-client";
import { translateMessage } from "./messages";

/**
 * The error parser of spec section 8. It reads the `detail` of an error answer, as a list or a
 * single item; an item whose `loc` starts with a known code gets that code's translated message
 * and type; otherwise its text is shown; unknown codes without text and missing text give the
 * generic message. No answer at all and a request that could not be built have their own texts.
 */

export type { ErrorType };

export interface ParsedErrorItem {
  message: string;
  type: ErrorType;
  /** The catalogue code when the item carried a known one. */
  code?: ErrorCode;
  /** For a validation error (`loc: ["body", "email"]`): the field it names. */
  field?: string;
}

export interface ParsedError {
  /** Every distinct message, one per line: what a toast shows. */
  message: string;
  /** The most severe type among the items (error > warning > info). */
  type: ErrorType;
  /** The code of the first item that had one. */
  code?: ErrorCode;
  items: ParsedErrorItem[];
  status?: number;
}

const severity: Record<ErrorType, number> = { error: 3, warning: 2, info: 1 };
const requestLocations = new Set(["body", "query", "path", "header", "querystring", "params", "headers"]);

function isErrorType(value: unknown): value is ErrorType {
  return value === "error" || value === "warning" || value === "info";
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function unexpected(t: TFunction): ParsedErrorItem {
  return { message: t("errors.unexpected"), type: "error" };
}

function parseItem(item: unknown, t: TFunction): ParsedErrorItem {
  if (typeof item === "string") {
    const text = nonEmptyText(item);
    return text ? { message: translateMessage(text, t), type: "error" } : unexpected(t);
  }
  if (typeof item !== "object" || item === null) return unexpected(t);

  const record = item as { loc?: unknown; msg?: unknown; message?: unknown; type?: unknown };
  const loc = Array.isArray(record.loc) ? record.loc : record.loc === undefined ? [] : [record.loc];
  const first = loc[0];
  if (isErrorCode(first)) {
    // Every code has a message in every locale (locales.test.ts fails otherwise). The cast and the
    // English default only keep a code added to the contract from breaking the type check or
    // showing a raw key before its translations land.
    const message = t(`errors.codes.${first}` as ParseKeys, { defaultValue: errorCatalogue[first].message });
    // After the code, the request field the refusal is about (the update package that is not a ZIP).
    const field = typeof loc[1] === "string" ? { field: loc[1] } : {};
    return { code: first, message, type: errorCatalogue[first].type, ...field };
  }

  const text = nonEmptyText(record.msg) ?? nonEmptyText(record.message);
  const type = isErrorType(record.type) ? record.type : "error";
  if (!text) return unexpected(t);

  const parsed: ParsedErrorItem = { message: translateMessage(text, t), type };
  if (typeof first === "string" && requestLocations.has(first) && loc.length > 1) {
    const field = loc[loc.length - 1];
    if (typeof field === "string") parsed.field = field;
  }
  return parsed;
}

function combine(items: ParsedErrorItem[], status: number | undefined): ParsedError {
  const messages = [...new Set(items.map((item) => item.message))];
  const type = items.reduce<ErrorType>((worst, item) => (severity[item.type] > severity[worst] ? item.type : worst), "info");
  const code = items.find((item) => item.code)?.code;
  return {
    message: messages.join("\n"),
    type,
    items,
    ...(code ? { code } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}

/** Reads the `detail` of an error answer body (list, single item, or plain text). */
export function parseErrorBody(body: unknown, t: TFunction, status?: number): ParsedError {
  const detail = typeof body === "object" && body !== null ? (body as { detail?: unknown }).detail : undefined;
  let items: ParsedErrorItem[];
  if (Array.isArray(detail)) {
    items = detail.length > 0 ? detail.map((item) => parseItem(item, t)) : [unexpected(t)];
  } else if (detail !== undefined && detail !== null) {
    items = [parseItem(detail, t)];
  } else {
    items = [unexpected(t)];
  }
  return combine(items, status);
}

/** Any thrown value → the message and toast type to show. */
export function parseApiError(error: unknown, t: TFunction): ParsedError {
  if (isApiError(error)) {
    switch (error.kind) {
      case "no-response":
        return combine([{ message: t("errors.noResponse"), type: "error" }], undefined);
      case "setup":
        return combine([{ message: t("errors.setup"), type: "error" }], undefined);
      case "response":
        return parseErrorBody(error.body, t, error.status);
    }
  }
  return combine([unexpected(t)], undefined);
}

/** The catalogue code an error carries, if any (used to branch, e.g. on auth/2fa_required). */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!isApiError(error) || error.kind !== "response") return undefined;
  const detail = typeof error.body === "object" && error.body !== null ? (error.body as { detail?: unknown }).detail : undefined;
  const items = Array.isArray(detail) ? detail : detail ? [detail] : [];
  for (const item of items) {
    const loc = typeof item === "object" && item !== null ? (item as { loc?: unknown }).loc : undefined;
    const first = Array.isArray(loc) ? loc[0] : loc;
    if (isErrorCode(first)) return first;
  }
  return undefined;
}

/**
 * The server refused the two-factor code itself: wrong, or right but already used in its time step
 * (the person should wait for the next one). The form shows it under the code field.
 */
export function isRefusedTwoFactorCode(code: string | undefined): boolean {
  return code === "auth/2fa_invalid" || code === "auth/2fa_code_reused";
}
