import { Alert, Button, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import { updateTypes, type ReleaseChannel, type Update, type UpdateType } from "@portal/contract";
import { useMemo, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { SubmitWithNotice } from "@/components/form";
import { errorCodeOf, parseApiError } from "@/lib/errors";
import { channelOptions } from "@/components/release-channels";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useRequiredFeatureOptions } from "../../api/feature-options";
import { usePublishedUpdates, useSendChangelog } from "../../api/updates";
import { checkChangelog, WIZARD_TOAST, type ChangelogDraft, type ChangelogField } from "../../lib/wizard-rules";

/**
 * Step 3: header, version (semantic, checked here; "above every published version" is the server's
 * to say, shown on the version field), type and change log — every field required ("Please fill in
 * all fields") — and who is offered it: its release channel (stable unless chosen) and the features a
 * licence must have (none: every licence on the channel). Sending it publishes the update.
 */
export function ChangelogStep({ update, onPublished, onBack }: { update: Update; onPublished: (update: Update) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const send = useSendChangelog();
  const published = usePublishedUpdates();
  const latest = published.data?.items[0]?.version;
  const [draft, setDraft] = useState<ChangelogDraft>({ header: update.header ?? "", version: update.version ?? "", type: update.type ?? "", changeLog: update.changeLog ?? "" });
  const [shown, setShown] = useState<{ empty: ChangelogField[]; badVersion: boolean } | null>(null);
  const [versionRefused, setVersionRefused] = useState<string | null>(null);
  const [channel, setChannel] = useState<ReleaseChannel>(update.channel);
  const [requiredFeatureIds, setRequiredFeatureIds] = useState<string[]>(update.requiredFeatures.map((feature) => feature.id));
  const [featuresRefused, setFeaturesRefused] = useState<string | null>(null);
  const features = useRequiredFeatureOptions();
  // The catalogue's features, "Name (CODE)", plus any the draft already requires (shown even if the list failed).
  const featureData = useMemo(() => {
    const byId = new Map<string, string>();
    for (const feature of [...update.requiredFeatures, ...(features.data ?? [])]) byId.set(feature.id, `${feature.name} (${feature.code})`);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [features.data, update.requiredFeatures]);

  const set = <K extends ChangelogField>(field: K, value: ChangelogDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (shown) setShown(checkChangelog(next));
    if (field === "version") setVersionRefused(null);
  };
  const fillAll = t("updates.wizard.fillAllFields");
  const marked = (field: ChangelogField) => shown?.empty.includes(field) ?? false;
  const versionError = marked("version") ? true : shown?.badVersion ? t("updates.wizard.versionFormat") : (versionRefused ?? undefined);
  /** A text field's value and change from the draft; an empty one is marked once the form was sent. */
  const bind = (field: Exclude<ChangelogField, "type">) => ({
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, event.currentTarget.value),
    error: marked(field) || undefined,
    disabled: send.isPending,
  });

  const submit = () => {
    const checked = checkChangelog(draft);
    setShown(checked);
    if (!checked.ok || draft.type === "") {
      notifyMessage(checked.empty.length > 0 ? fillAll : t("updates.wizard.versionFormat"), "warning", WIZARD_TOAST);
      return;
    }
    // mutateAsync, not mutate's callbacks: the published update re-renders the wizard (finished) before they would run.
    const body = { header: draft.header.trim(), version: draft.version.trim(), type: draft.type, changeLog: draft.changeLog.trim(), channel, requiredFeatureIds };
    send.mutateAsync({ id: update.id, body }).then(
      (publishedUpdate) => {
        notifySuccess(t("updates.wizard.published", { version: publishedUpdate.version }), WIZARD_TOAST);
        onPublished(publishedUpdate);
      },
      (error: unknown) => {
        const reason = parseApiError(error, t).message;
        if (errorCodeOf(error) === "update/version_not_newer") setVersionRefused(reason);
        if (errorCodeOf(error) === "catalogue/unknown_feature") setFeaturesRefused(reason);
        notifyMessage(t("updates.wizard.stepThreeFailed", { reason }), "error", WIZARD_TOAST);
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="wizard-changelog"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("updates.wizard.version")}
            description={latest ? t("updates.wizard.versionHintLatest", { version: latest }) : t("updates.wizard.versionHint")}
            placeholder="2.4.0"
            required
            dir="ltr"
            maxLength={64}
            {...bind("version")}
            error={versionError}
            data-testid="changelog-version"
          />
          <Radio.Group
            label={t("updates.wizard.type")}
            description={t("updates.wizard.typeHint")}
            required
            value={draft.type}
            onChange={(value) => set("type", value as UpdateType)}
            error={marked("type") || undefined}
            data-testid="changelog-type"
          >
            <Group gap="lg" mt={8}>
              {updateTypes.map((type) => (
                <Radio key={type} value={type} label={t(`updates.type.${type}`)} error={marked("type")} disabled={send.isPending} data-testid={`changelog-type-${type}`} />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <TextInput label={t("updates.wizard.header")} placeholder={t("updates.wizard.headerPlaceholder")} required maxLength={200} {...bind("header")} data-testid="changelog-header" />
        <Textarea label={t("updates.wizard.changeLog")} placeholder={t("updates.wizard.changeLogPlaceholder")} required autosize minRows={6} maxRows={16} maxLength={20_000} {...bind("changeLog")} data-testid="changelog-text" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t("updates.availability.channel")}
            description={t("updates.availability.channelHint")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            data={channelOptions(t)}
            value={channel}
            onChange={(value) => value && setChannel(value as ReleaseChannel)}
            allowDeselect={false}
            disabled={send.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="changelog-channel"
          />
          <MultiSelect
            label={t("updates.availability.requiredFeatures")}
            description={t("updates.availability.requiredFeaturesHint")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            placeholder={requiredFeatureIds.length === 0 ? t("updates.availability.noneRequired") : undefined}
            data={featureData}
            value={requiredFeatureIds}
            onChange={(ids) => {
              setRequiredFeatureIds(ids);
              setFeaturesRefused(null);
            }}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t("updates.availability.noFeatureFound")}
            disabled={send.isPending || features.isPending}
            error={featuresRefused ?? undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="changelog-required-features"
          />
        </SimpleGrid>
        {features.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t("updates.availability.featuresFailed")}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void features.refetch()}>
                {t("table.retry")}
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onBack} disabled={send.isPending}>
            {t("updates.wizard.backToCommands")}
          </Button>
          <SubmitWithNotice
            notice={shown && shown.empty.length > 0 ? fillAll : null}
            noticeTestId="changelog-required"
            loading={send.isPending}
            leftSection={<IconCheck size={16} aria-hidden />}
            data-testid="changelog-publish"
          >
            {t("updates.wizard.publish")}
          </SubmitWithNotice>
        </Group>
      </Stack>
    </form>
  );
}
