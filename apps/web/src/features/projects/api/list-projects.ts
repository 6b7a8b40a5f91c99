import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, Project } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { projectKeys } from "./keys";

/** GET api/v1/projects — the caller's own projects, paged and sorted (name|createdAt) on the server. */
export async function listProjects(query: QueryParams, signal?: AbortSignal): Promise<Page<Project>> {
  const answer = await apiClient.get<Envelope<Page<Project>>>("api/v1/projects", { params: query, signal });
  return answer.data;
}

export const projectsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: projectKeys.list(query),
    queryFn: ({ signal }) => listProjects(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProjects(query: QueryParams) {
  return useQuery(projectsQueryOptions(query));
}
