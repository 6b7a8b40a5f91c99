import { Button, Tooltip } from "@mantine/core";
import { IconFileDownload } from "@tabler/icons-react";
import type { Installation, License } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { useDownload } from "@/lib/use-download";
import { machineFileDownload } from "../api/license-files";
import { shortFingerprint } from "../lib/format";

/**
 * "Machine file" of one installation (API.md "Encrypted licence files, machine files"): the licence
 * file bound to this machine, encrypted with the licence key and its fingerprint, for a machine that
 * checks its licence offline. With lib/use-download's notices; none for a deactivated licence.
 */
export function MachineFileButton({ license, installation }: { license: Pick<License, "id" | "status">; installation: Pick<Installation, "id" | "fingerprint"> }) {
  const { t } = useTranslation();
  const download = useDownload();
  const label = t("licenses.machineFile.downloadFor", { fingerprint: shortFingerprint(installation.fingerprint) });
  return (
    <Tooltip label={t("licenses.machineFile.hint")} withArrow multiline maw={280} openDelay={300}>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconFileDownload size={14} aria-hidden />}
        loading={download.isPending}
        disabled={license.status === "deactivated"}
        onClick={() => download.start(machineFileDownload(license.id, installation))}
        aria-label={label}
        data-testid="machine-file-download"
        style={{ alignSelf: "flex-start" }}
      >
        {t("licenses.machineFile.download")}
      </Button>
    </Tooltip>
  );
}
