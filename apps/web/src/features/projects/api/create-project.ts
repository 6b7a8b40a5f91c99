import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { projectKeys } from "./keys";

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
