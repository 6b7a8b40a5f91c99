import { useQuery } from "@tanstack/react-query";
import type { Page, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

export interface ActorOption {
  value: string;
  label: string;
}

const toOption = (user: User): ActorOption => ({ value: user.id, label: user.email });

/** Users matching `search` (GET api/v1/users?q=), for the actor filter: the first 20 by e-mail. */
export function useActorOptions(search: string) {
  return useQuery({
    queryKey: ["audit-events", "actors", search],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<User>>>("api/v1/users", { params: { q: search || undefined, pageSize: 20, sort: "email", order: "asc" }, signal })).data.items.map(toOption),
    staleTime: 30_000,
  });
}

/** The chosen actor's e-mail, so a filter read from the URL shows a name rather than an id. */
export function useActorOption(id: string | undefined) {
  return useQuery({
    queryKey: ["audit-events", "actor", id],
    queryFn: async ({ signal }) => toOption((await apiClient.get<Envelope<User>>(`api/v1/users/${id}`, { signal })).data),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}
