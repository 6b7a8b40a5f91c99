import { errorCatalogue, type ErrorCode } from "@portal/contract";

/** A refusal the client is meant to see: its code decides the HTTP status, type and English text. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The request field the refusal is about (a multipart file), answered after the code in `loc`. */
  readonly field: string | undefined;

  /** `status` overrides the code's usual one, e.g. a wrong 2FA code outside login must not be a 401. */
  constructor(code: ErrorCode, options: { message?: string; headers?: Record<string, string>; status?: number; field?: string } = {}) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}

/**
 * A 422 naming one field (or the path to a nested one), in the same shape as a schema validation
 * failure. `message` is English or, like a schema's, a key of the contract's message catalogue
 * (`messageOf`), answered in English.
 */
export class FieldError extends Error {
  constructor(
    readonly location: "body" | "query" | "path",
    readonly field: string | (string | number)[],
    message: string,
  ) {
    super(message);
    this.name = "FieldError";
  }
}
