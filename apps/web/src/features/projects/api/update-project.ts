import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { projectKeys } from "./keys";

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
