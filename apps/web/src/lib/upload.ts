import { ApiError, buildUrl, endsSession, handleUnauthorized, type QueryParams } from "./api-client";
import { REQUEST_TIMEOUT_MS } from "./config";
import { readStorage, storageKeys } from "./storage";

/**
 * multipart/form-data uploads with progress. `fetch` cannot report how much of a request body has
 * been sent, so files go through XMLHttpRequest, whose `upload.onprogress` does. Everything else
 * matches lib/api-client: the bearer token, the spec's timeout, `ApiError` with the parsed error
 * envelope (so lib/errors translates its codes), and a 401 that ends the session.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
}

export interface UploadOptions {
  method?: "POST" | "PUT";
  params?: QueryParams;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Defaults to the spec's 300000 ms. */
  timeoutMs?: number;
}

/** 0–100, for a progress bar; 0 before the size is known. */
export function progressPercent(progress: UploadProgress | null | undefined): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Sends `form` to `path` (under the API base) and answers the parsed JSON body, like `apiClient.postMultipart`. */
export function uploadMultipart<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException("The upload was cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    try {
      xhr.open(options.method ?? "POST", buildUrl(path, options.params));
      xhr.setRequestHeader("Accept", "application/json");
      const token = readStorage(storageKeys.token);
      if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
      xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    } catch (cause) {
      reject(new ApiError("setup", { cause }));
      return;
    }

    const onAbort = () => xhr.abort();
    const finish = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      finish();
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      if (xhr.status === 401 && endsSession(body)) handleUnauthorized();
      reject(new ApiError("response", { status: xhr.status, body }));
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError("no-response"));
    };
    xhr.ontimeout = () => {
      finish();
      reject(new ApiError("no-response", { cause: new DOMException("The request timed out", "TimeoutError") }));
    };
    // A caller that cancelled gets its own reason back, not an error toast (as in api-client).
    xhr.onabort = () => {
      finish();
      reject(signal?.reason ?? new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(form);
  });
}
