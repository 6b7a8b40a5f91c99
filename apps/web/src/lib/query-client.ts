import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/** Retries only what may heal by itself: no answer, or a 5xx; never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  if (error.kind === "no-response") return true;
  return error.kind === "response" && (error.status ?? 0) >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
