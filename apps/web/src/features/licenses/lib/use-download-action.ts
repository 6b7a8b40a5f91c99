import { notifications } from "@mantine/notifications";
import type { License } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { parseApiError } from "@/lib/errors";
import { useDownloadLicenseFile } from "../api/download-license-file";

/**
 * Spec section 4, "Download: downloading, then success or failure": one toast that says the file is
 * being fetched, then turns into the outcome ("Download failed: " + the reason on failure).
 */
export function useDownloadAction() {
  const { t } = useTranslation();
  const mutation = useDownloadLicenseFile();
  const start = (license: Pick<License, "id" | "key">) => {
    const id = `license-download-${license.id}`;
    notifications.show({ id, loading: true, message: t("licenses.download.downloading"), autoClose: false, withCloseButton: false, withBorder: true });
    mutation.mutate(license, {
      onSuccess: () =>
        notifications.update({ id, loading: false, color: "teal", message: t("licenses.download.done"), autoClose: 5000, withCloseButton: true }),
      onError: (error) => {
        const reason = error instanceof Error && error.message === "Not a licence file" ? t("errors.unexpected") : parseApiError(error, t).message;
        notifications.update({
          id,
          loading: false,
          color: "red",
          title: t("errors.types.error"),
          message: t("licenses.download.failed", { reason }),
          autoClose: 5000,
          withCloseButton: true,
        });
      },
    });
  };
  return { start, isPending: mutation.isPending, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
