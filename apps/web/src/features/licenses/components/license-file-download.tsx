import { Button, Group, Modal, NumberInput, Radio, Select, Stack } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { License } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDownload, type DownloadJob } from "@/lib/use-download";
import { encryptedLicenseFileDownload } from "../api/license-files";
import { licenseFileDownload } from "../api/licenses";
import { defaultTtlSeconds, TTL_MAX, ttlSecondsOf, ttlValueOf, type TtlUnit } from "../lib/file-ttl";

type Format = "plain" | "encrypted";

/** The format and, for an encrypted file, its validity; `onDone` gets the job to start (null: cancelled). */
function DownloadForm({ license, onDone }: { license: License; onDone: (job: DownloadJob | null) => void }) {
  const { t } = useTranslation();
  const initial = ttlValueOf(defaultTtlSeconds(license));
  const [format, setFormat] = useState<Format>("plain");
  const [amount, setAmount] = useState<number | string>(initial.amount);
  const [unit, setUnit] = useState<TtlUnit>(initial.unit);
  const [shown, setShown] = useState(false);
  const ttl = ttlSecondsOf({ amount, unit });
  const ttlError = shown && ttl === null ? t("licenses.file.ttlRange") : undefined;

  const submit = () => {
    if (format === "plain") return onDone(licenseFileDownload(license));
    setShown(true);
    if (ttl !== null) onDone(encryptedLicenseFileDownload(license, ttl));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="license-file-form"
    >
      <Stack gap="md">
        <Radio.Group value={format} onChange={(value) => setFormat(value as Format)} label={t("licenses.file.format")} data-testid="license-file-format">
          <Stack gap="sm" mt="xs">
            <Radio value="plain" label={t("licenses.file.plain")} description={t("licenses.file.plainHint")} data-testid="license-file-plain" />
            <Radio value="encrypted" label={t("licenses.file.encrypted")} description={t("licenses.file.encryptedHint")} data-testid="license-file-encrypted" />
          </Stack>
        </Radio.Group>
        {format === "encrypted" && (
          <Group gap="xs" align="flex-start" wrap="nowrap" ps={{ base: 0, xs: 32 }}>
            <NumberInput
              label={t("licenses.file.ttl")}
              description={t("licenses.file.ttlHint")}
              inputWrapperOrder={["label", "input", "description", "error"]}
              value={amount}
              onChange={setAmount}
              min={1}
              max={TTL_MAX[unit]}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              required
              error={ttlError}
              style={{ flex: 1 }}
              maw={220}
              data-testid="license-file-ttl"
            />
            <Select
              label={t("licenses.file.ttlUnit")}
              data={[
                { value: "hours", label: t("licenses.file.hours") },
                { value: "days", label: t("licenses.file.days") },
              ]}
              value={unit}
              onChange={(value) => value && setUnit(value as TtlUnit)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={120}
              data-testid="license-file-ttl-unit"
            />
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t("licenses.actions.cancel")}
          </Button>
          <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} data-testid="license-file-submit">
            {t("licenses.file.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Download licence file" of the licence drawer: plain (signed, readable by whoever holds it, as
 * before) or encrypted in Keygen's format (aes-256-gcm+ed25519, readable only with the licence key)
 * valid for a chosen time, preset from the licence (its offline validity, else until it expires).
 * The download itself runs with lib/use-download's notices, after the dialog has closed.
 */
export function LicenseFileDownload({ license }: { license: License }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const download = useDownload();
  return (
    <>
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        loading={download.isPending}
        disabled={license.status === "deactivated"}
        aria-haspopup="dialog"
        data-testid="license-file-download"
      >
        {t("licenses.actions.download")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("licenses.file.title")} centered>
        {opened && (
          <DownloadForm
            license={license}
            onDone={(job) => {
              setOpened(false);
              if (job) download.start(job);
            }}
          />
        )}
      </Modal>
    </>
  );
}
