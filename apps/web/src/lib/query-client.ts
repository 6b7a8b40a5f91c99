import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/** Retries only what may heal by itself: no answer, or a 5xx; never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  if (error.kind === "no-response") return true;
  return error.kind === "response" && (error.status ?? 0) >= 500;
}

/**
 * TanStack Query's client, whose invalidateQueries first cancels the matched queries' fetches in
 * flight. Such a fetch may have left before the change that invalidates (a list's search typed while
 * an approval was on its way) and answer the state before it. TanStack Query cancels it only for a
 * query that already has data; for a new one (a list's new search, page or sort) it keeps the fetch
 * and takes its old answer as fresh: an approved row in the administrator's list stayed "Pending".
 */
export class FreshAfterChangeQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (filters?.refetchType !== "none") await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new FreshAfterChangeQueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
