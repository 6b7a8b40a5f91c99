import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { QueryParams } from "@/lib/api-client";
import { saveBlob } from "@/lib/download";
import { notifyError, notifySuccess } from "@/lib/notify";
import { exportAuditCsv } from "../api/audit-events";
import { exportFileName, toExportQuery } from "../lib/audit-query";

/** Downloads exactly what the filters select, as the server streams it; busy (and not clickable twice) meanwhile. */
export function ExportButton({ query }: { query: QueryParams }) {
  const { t } = useTranslation();
  const exporting = useMutation({
    mutationFn: () => exportAuditCsv(toExportQuery(query)),
    onSuccess: (blob) => {
      saveBlob(blob, exportFileName());
      notifySuccess(t("logMonitor.export.done"));
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting.isPending}
      loaderProps={{ type: "dots" }}
      onClick={() => exporting.mutate()}
      aria-label={exporting.isPending ? t("logMonitor.export.busy") : undefined}
      data-testid="audit-export"
    >
      {t("logMonitor.export.button")}
    </Button>
  );
}
