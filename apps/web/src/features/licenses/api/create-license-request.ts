import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LicenseRequest, licenseRequestBodySchema } from "@portal/contract";
import type { z } from "zod";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

export type LicenseRequestInput = z.output<typeof licenseRequestBodySchema>;

/** POST api/v1/license-requests {planId | featureIds, projectId?, quantity, note?} → 201 with the pending request. */
export async function createLicenseRequest(input: LicenseRequestInput): Promise<LicenseRequest> {
  const answer = await apiClient.post<Envelope<LicenseRequest>>("api/v1/license-requests", input);
  return answer.data;
}

export function useCreateLicenseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["license-requests", "create"],
    mutationFn: createLicenseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys.requests }),
  });
}
