import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectKeys } from "./keys";

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
