import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, Project, ProjectBody } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of projects: every list under one prefix, so a change refreshes them all. */
const projectKeys = {
  all: ["projects"] as const,
  list: (query: QueryParams) => ["projects", "list", query] as const,
};

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

/** POST api/v1/projects — 409 project/name_taken when the caller already has that name. */
export async function createProject(body: ProjectBody): Promise<Project> {
  const answer = await apiClient.post<Envelope<Project>>("api/v1/projects", body);
  return answer.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["projects", "create"],
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** PUT api/v1/projects/{id} — rename or describe one of the caller's projects. */
export async function updateProject({ id, body }: { id: string; body: ProjectBody }): Promise<Project> {
  const answer = await apiClient.put<Envelope<Project>>(`api/v1/projects/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["projects", "update"],
    mutationFn: updateProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** DELETE api/v1/projects/{id} — 409 project/has_licenses while licences are attached. */
export async function deleteProject(id: string): Promise<void> {
  await apiClient.delete(`api/v1/projects/${encodeURIComponent(id)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["projects", "delete"],
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
