import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { QueryParams } from "@/lib/api-client";
import { useDownload } from "@/lib/use-download";
import { exportAuditCsv } from "../api/audit-events";
import { exportFileName, toExportQuery } from "../lib/audit-query";

/** Downloads exactly what the filters select, as the server streams it; busy (and not clickable twice) meanwhile. */
export function ExportButton({ query }: { query: QueryParams }) {
  const { t } = useTranslation();
  const exporting = useDownload();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting.isPending}
      loaderProps={{ type: "dots" }}
      onClick={() => exporting.start({ key: "audit-export", fileName: exportFileName(), content: () => exportAuditCsv(toExportQuery(query)) })}
      aria-label={exporting.isPending ? t("logMonitor.export.busy") : undefined}
      data-testid="audit-export"
    >
      {t("logMonitor.export.button")}
    </Button>
  );
}
