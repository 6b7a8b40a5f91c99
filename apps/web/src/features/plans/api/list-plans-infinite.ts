import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { listPlans } from "./list-plans";
import { planKeys } from "./keys";

const PAGE_SIZE = 12;

/**
 * GET api/v1/plans page after page, cheapest first: what the pricing carousel shows. The next page
 * is fetched when the visitor scrolls near the end of what is loaded.
 */
export const offeredPlansQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...planKeys.all, "offered"] as const,
    queryFn: ({ pageParam, signal }) => listPlans({ page: pageParam, pageSize: PAGE_SIZE, sort: "price", order: "asc" }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useOfferedPlans() {
  return useInfiniteQuery(offeredPlansQueryOptions());
}
