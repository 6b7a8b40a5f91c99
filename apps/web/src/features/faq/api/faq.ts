import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Faq, FaqCategoryAdmin, FaqCategoryBody, FaqEntry, FaqEntryBody, FaqMoveBody, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** The calls of API.md "FAQ and demo requests" (FAQ half). Every FAQ query sits under one key, so any change refreshes them all. */
export const faqQueryKey = ["faq"] as const;
const entryPath = (id: string) => `api/v1/faq/${encodeURIComponent(id)}`;

/** GET api/v1/faq in the interface language; `q` is searched on the server. */
export async function getFaq(params: { lang: string; q?: string }, signal?: AbortSignal): Promise<Faq> {
  return (await apiClient.get<Envelope<Faq>>("api/v1/faq", { params, signal })).data;
}

export function useFaq(lang: string, q: string) {
  const params = q ? { lang, q } : { lang };
  return useQuery({
    queryKey: [...faqQueryKey, "read", params],
    queryFn: ({ signal }) => getFaq(params, signal),
    // While a new search runs, the previous answers stay on screen.
    placeholderData: keepPreviousData,
  });
}

/** GET api/v1/faq/entries (admin): every language of each entry, paged. */
export function useFaqEntries(query: QueryParams) {
  return useQuery({
    queryKey: [...faqQueryKey, "entries", query],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Page<FaqEntry>>>("api/v1/faq/entries", { params: query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET api/v1/faq/categories (admin): the nine categories with every language's name. */
export function useFaqCategories() {
  return useQuery({
    queryKey: [...faqQueryKey, "categories"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<FaqCategoryAdmin[]>>("api/v1/faq/categories", { signal })).data,
  });
}

function useFaqMutation<TVariables, TResult>(name: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["faq", name],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqQueryKey }),
  });
}

export function useCreateFaqEntry() {
  return useFaqMutation("create", async (body: FaqEntryBody) => (await apiClient.post<Envelope<FaqEntry>>("api/v1/faq", body)).data);
}

export function useUpdateFaqEntry() {
  return useFaqMutation("update", async ({ id, body }: { id: string; body: FaqEntryBody }) => (await apiClient.put<Envelope<FaqEntry>>(entryPath(id), body)).data);
}

export function useDeleteFaqEntry() {
  return useFaqMutation("delete", async (id: string) => {
    await apiClient.delete(entryPath(id));
  });
}

export function useMoveFaqEntry() {
  return useFaqMutation("move", async ({ id, direction }: { id: string } & FaqMoveBody) => (await apiClient.post<Envelope<FaqEntry>>(`${entryPath(id)}/move`, { direction })).data);
}

export function useRenameFaqCategory() {
  return useFaqMutation(
    "rename-category",
    async ({ id, body }: { id: string; body: FaqCategoryBody }) =>
      (await apiClient.put<Envelope<FaqCategoryAdmin>>(`api/v1/faq/categories/${encodeURIComponent(id)}`, body)).data,
  );
}
