import { REQUEST_TIMEOUT_MS } from "./config";
import { paths } from "./paths";
import { readStorage, removeStorage, storageKeys } from "./storage";

/**
 * The one HTTP client of the web app (spec section 7): base "/", a bearer header when a token is
 * stored, a 300000 ms timeout, JSON bodies by default, form and multipart posts; a 401 clears the
 * token and sends the visitor to /auth/login unless already there (spec section 8).
 */

/** Where a request failed: the server answered with an error, nothing came back, or it was never sent. */
export type ApiErrorKind = "response" | "no-response" | "setup";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The parsed answer (JSON when the server sent JSON, else its text). */
  readonly body: unknown;

  constructor(kind: ApiErrorKind, options: { status?: number; body?: unknown; cause?: unknown; message?: string } = {}) {
    super(options.message ?? `API request failed (${kind}${options.status ? ` ${options.status}` : ""})`, {
      cause: options.cause,
    });
    this.name = "ApiError";
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Defaults to the spec's 300000 ms. */
  timeoutMs?: number;
  /** "blob": a successful answer is read as a Blob (files), not as JSON or text. */
  responseType?: "blob";
  /** Sees a successful answer's headers (a `Last-Modified`, say) before its body is returned. */
  onHeaders?: (headers: Headers) => void;
}

type Body =
  | { kind: "json"; value: unknown }
  | { kind: "form"; value: Record<string, string | number | boolean | undefined> }
  | { kind: "multipart"; value: FormData };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
let navigateToLogin: (path: string) => void = (path) => window.location.assign(path);

/** The router installs its own navigate so a 401 does not reload the page. */
export function setLoginNavigator(navigate: (path: string) => void): void {
  navigateToLogin = navigate;
}

/** Called after a 401 cleared the token (the app drops its cached user here). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * A 401 means the session is gone, except when its code says the refusal is about what was just
 * sent: credentials, a 2FA code or a single sign-on code at login, or a licence token in the .req flow. Those must not log
 * the visitor out.
 */
const notSessionCodes = new Set(["auth/invalid_credentials", "auth/2fa_required", "auth/2fa_invalid", "auth/2fa_code_reused", "auth/sso_failed"]);

export function endsSession(body: unknown): boolean {
  const detail = typeof body === "object" && body !== null ? (body as { detail?: unknown }).detail : undefined;
  const first = Array.isArray(detail) ? detail[0] : detail;
  const loc = typeof first === "object" && first !== null ? (first as { loc?: unknown }).loc : undefined;
  const code = Array.isArray(loc) ? loc[0] : loc;
  if (typeof code !== "string") return true;
  return !notSessionCodes.has(code) && !code.startsWith("license/");
}

/** Forgets the session and goes to the login page (also used by lib/upload, which sends through XHR). */
export function handleUnauthorized(): void {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.user);
  for (const listener of unauthorizedListeners) listener();
  if (window.location.pathname !== paths.auth.login) navigateToLogin(paths.auth.login);
}

/** Paths are relative to the base "/": `api/v1/auth/me` and `/api/v1/auth/me` are the same call. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) {
    throw new TypeError(`Only paths under the API base are allowed, got "${path}"`);
  }
  const url = new URL(path.startsWith("/") ? path : `/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return `${url.pathname}${url.search}`;
}

function encodeBody(body: Body | undefined, headers: Headers): BodyInit | undefined {
  if (!body) return undefined;
  switch (body.kind) {
    case "json":
      headers.set("Content-Type", "application/json");
      return JSON.stringify(body.value ?? null);
    case "form": {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(body.value)) {
        if (value !== undefined) form.set(key, String(value));
      }
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      return form;
    }
    case "multipart":
      // The browser writes the multipart boundary into Content-Type itself.
      return body.value;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function request<T>(method: Method, path: string, body: Body | undefined, options: RequestOptions = {}): Promise<T> {
  let url: string;
  let init: RequestInit;
  const controller = new AbortController();
  try {
    url = buildUrl(path, options.params);
    const headers = new Headers({ Accept: "application/json", ...options.headers });
    const token = readStorage(storageKeys.token);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    init = { method, headers, body: encodeBody(body, headers), signal: controller.signal, credentials: "same-origin" };
  } catch (cause) {
    throw new ApiError("setup", { cause });
  }

  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException("The request timed out", "TimeoutError")),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // A caller that cancelled (TanStack Query on unmount) gets its own abort back, not an error toast.
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    throw new ApiError("no-response", { cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }

  let parsed: unknown;
  try {
    parsed = response.ok && options.responseType === "blob" ? await response.blob() : await readBody(response);
  } catch (cause) {
    throw new ApiError("no-response", { status: response.status, cause });
  }
  if (!response.ok) {
    if (response.status === 401 && endsSession(parsed)) handleUnauthorized();
    throw new ApiError("response", { status: response.status, body: parsed });
  }
  options.onHeaders?.(response.headers);
  return parsed as T;
}

/** The success envelope of the API contract. */
export interface Envelope<T> {
  status: "success";
  data: T;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  /** A file behind the bearer token (an attachment): the answer's bytes as a Blob. */
  getBlob: (path: string, options?: Omit<RequestOptions, "responseType">) => request<Blob>("GET", path, undefined, { ...options, responseType: "blob" }),
  /** A DELETE may carry a JSON body when the resource is named by it (`{licenseId}` of a verification). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) =>
    request<T>("DELETE", path, body === undefined ? undefined : { kind: "json", value: body }, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body === undefined ? undefined : { kind: "json", value: body }, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { kind: "json", value: body }, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { kind: "json", value: body }, options),
  /** application/x-www-form-urlencoded, as the token endpoint (OAuth2 password form) expects. */
  postForm: <T>(path: string, form: Record<string, string | number | boolean | undefined>, options?: RequestOptions) =>
    request<T>("POST", path, { kind: "form", value: form }, options),
  /** multipart/form-data for file uploads. */
  postMultipart: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>("POST", path, { kind: "multipart", value: form }, options),
  putMultipart: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>("PUT", path, { kind: "multipart", value: form }, options),
};
