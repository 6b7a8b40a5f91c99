import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, Text } from "@mantine/core";
import { licenseChannelsBodySchema, type License, type LicenseChannelsBody } from "@portal/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormActions, MultiSelectField } from "@/components/form";
import { channelOptions } from "@/components/release-channels";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useSetLicenseChannels } from "../api/license-files";

type Output = z.output<typeof licenseChannelsBodySchema>;

function ChannelsForm({ license, onDone }: { license: License; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetLicenseChannels();
  const form = useForm<LicenseChannelsBody, unknown, Output>({
    resolver: zodResolver(licenseChannelsBodySchema),
    mode: "onTouched",
    defaultValues: { channels: license.channels },
  });
  const fail = useServerErrors(form.setError, { fields: ["channels"] });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: license.id, body },
      {
        onSuccess: () => {
          notifySuccess(t("licenses.channels.saved"));
          onDone();
        },
        onError: fail,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} data-testid="license-channels-form">
      <Stack gap="md">
        <Text size="sm">{t("licenses.channels.formHint")}</Text>
        <MultiSelectField
          control={form.control}
          name="channels"
          label={t("licenses.channels.title")}
          placeholder={t("commerce.entitlements.channelsPlaceholder")}
          data={channelOptions(t)}
          required
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          data-testid="license-channels"
        />
        <FormActions cancelLabel={t("licenses.actions.cancel")} onCancel={onDone} submitLabel={t("licenses.channels.save")} pending={save.isPending} submitTestId="license-channels-save" />
      </Stack>
    </form>
  );
}

/** Admin: the release channels a licence follows (PUT /licenses/{id}/channels), in a small modal over the licence drawer. */
export function LicenseChannelsModal({ license, opened, onClose }: { license: License; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("licenses.channels.changeTitle")} centered>
      {opened && <ChannelsForm license={license} onDone={onClose} />}
    </Modal>
  );
}
