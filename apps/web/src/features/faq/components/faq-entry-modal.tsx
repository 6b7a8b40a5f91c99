import { Alert, SimpleGrid, Group, Modal, NativeSelect, NumberInput, Paper, SegmentedControl, Stack, Switch, Tabs, Text, TextInput, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheckFilled, IconCircleDashed } from "@tabler/icons-react";
import { FAQ_LIMITS, portalLanguages, type FaqCategoryAdmin, type FaqEntry, type PortalLanguage } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form";
import { parseApiError } from "@/lib/errors";
import { languages } from "@/lib/i18n";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useCreateFaqEntry, useUpdateFaqEntry } from "../api/faq";
import { checkEntryForm, entryFormValues, inLanguage, isWritten, type EntryFormErrors, type EntryFormValues } from "../lib/entry-form";
import { FaqMarkdown } from "./faq-markdown";

const nativeName = (code: PortalLanguage) => languages.find((language) => language.code === code)?.nativeName ?? code;

/**
 * Adding or editing an FAQ entry: its category, popular flag and order, and a tab per language with
 * the question and its Markdown answer (with a preview rendered exactly as readers will see it).
 * A language left empty is not written (readers get English, or the first language written).
 */
export function FaqEntryModal({
  opened,
  entry,
  categories,
  onClose,
}: {
  opened: boolean;
  /** null: a new entry. */
  entry: FaqEntry | null;
  categories: FaqCategoryAdmin[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFaqEntry();
  const update = useUpdateFaqEntry();
  const saving = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={entry ? t("faq.manage.form.editTitle") : t("faq.manage.form.createTitle")}
      size="xl"
      centered
      data-testid="faq-entry-modal"
    >
      {/* Mounted with each opening, so the form starts from the entry every time. */}
      <EntryForm entry={entry} categories={categories} onClose={onClose} create={create} update={update} />
    </Modal>
  );
}

/** Opens on the reader's language when the entry has it (or for a new entry), else on its first written one. */
function firstTab(entry: FaqEntry | null, language: string): PortalLanguage {
  const own = portalLanguages.find((code) => code === language) ?? "en";
  const written = entry ? portalLanguages.filter((code) => entry.question[code] !== undefined) : [];
  return !entry || written.includes(own) ? own : (written[0] ?? "en");
}

function EntryForm({
  entry,
  categories,
  onClose,
  create,
  update,
}: {
  entry: FaqEntry | null;
  categories: FaqCategoryAdmin[];
  onClose: () => void;
  create: ReturnType<typeof useCreateFaqEntry>;
  update: ReturnType<typeof useUpdateFaqEntry>;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<EntryFormValues>(() => entryFormValues(entry));
  const [errors, setErrors] = useState<EntryFormErrors>({ texts: {} });
  const [tab, setTab] = useState<PortalLanguage>(() => firstTab(entry, i18n.language));
  const [preview, setPreview] = useState(false);
  const saving = create.isPending || update.isPending;

  const setText = (language: PortalLanguage, field: "question" | "answer", value: string) => {
    setValues((current) => ({ ...current, texts: { ...current.texts, [language]: { ...current.texts[language], [field]: value } } }));
    setErrors((current) => ({ ...current, form: undefined, texts: { ...current.texts, [language]: { ...current.texts[language], [field]: undefined } } }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkEntryForm(values);
    setErrors(checked.errors);
    if (!checked.body) {
      const firstBad = portalLanguages.find((code) => checked.errors.texts[code]);
      if (firstBad) setTab(firstBad);
      return;
    }
    const callbacks = {
      onSuccess: () => {
        notifySuccess(entry ? t("faq.manage.form.saved") : t("faq.manage.form.created"));
        onClose();
      },
      onError: (error: unknown) => {
        const parsed = parseApiError(error, t);
        if (parsed.code === "faq/unknown_category") setErrors((current) => ({ ...current, categoryId: "required" }));
        notifyMessage(parsed.message, parsed.type);
      },
    };
    if (entry) update.mutate({ id: entry.id, body: checked.body }, callbacks);
    else create.mutate(checked.body, callbacks);
  };

  const textError = (language: PortalLanguage, field: "question" | "answer") => {
    const error = errors.texts[language]?.[field];
    if (!error) return undefined;
    if (error === "tooLong") return t("faq.manage.form.tooLong", { max: field === "question" ? FAQ_LIMITS.question : FAQ_LIMITS.answer });
    return field === "question" ? t("faq.manage.form.questionRequired") : t("faq.manage.form.answerRequired");
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t("faq.manage.form.category")}
            required
            value={values.categoryId}
            onChange={(event) => {
              const categoryId = event.currentTarget.value;
              setValues((current) => ({ ...current, categoryId }));
              setErrors((current) => ({ ...current, categoryId: undefined }));
            }}
            error={errors.categoryId ? t("faq.manage.form.categoryRequired") : undefined}
            data={[{ value: "", label: "—" }, ...categories.map((category) => ({ value: category.id, label: inLanguage(category.name, i18n.language) }))]}
           
            data-testid="faq-entry-category"
          />
          <NumberInput
            label={t("faq.manage.form.order")}
            description={t("faq.manage.form.orderHint")}
            value={values.order}
            onChange={(value) => setValues((current) => ({ ...current, order: typeof value === "number" ? value : "" }))}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
           
          />
        </SimpleGrid>
        <Switch
          label={t("faq.manage.form.popular")}
          description={t("faq.manage.form.popularHint")}
          checked={values.popular}
          onChange={(event) => {
            const popular = event.currentTarget.checked;
            setValues((current) => ({ ...current, popular }));
          }}
          data-testid="faq-entry-popular"
        />
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t("faq.manage.form.atLeastOne")}
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => value && setTab(value as PortalLanguage)} keepMounted={false}>
          <Tabs.List aria-label={t("faq.manage.form.languagesLabel")}>
            {portalLanguages.map((code) => {
              const written = isWritten(values.texts[code]);
              const bad = errors.texts[code] !== undefined;
              return (
                <Tabs.Tab
                  key={code}
                  value={code}
                  color={bad ? "red" : undefined}
                  leftSection={
                    written ? <IconCircleCheckFilled size={14} color="var(--mantine-color-teal-6)" aria-hidden /> : <IconCircleDashed size={14} aria-hidden />
                  }
                  aria-label={`${nativeName(code)} (${written ? t("faq.manage.form.languageFilled") : t("faq.manage.form.languageEmpty")})`}
                  data-testid={`faq-entry-tab-${code}`}
                >
                  {nativeName(code)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {portalLanguages.map((code) => (
            <Tabs.Panel key={code} value={code} pt="md">
              <Stack gap="sm" lang={code} dir={code === "fa" ? "rtl" : "ltr"}>
                <TextInput
                  label={t("faq.manage.form.question")}
                  value={values.texts[code].question}
                  onChange={(event) => setText(code, "question", event.currentTarget.value)}
                  error={textError(code, "question")}
                  maxLength={FAQ_LIMITS.question}
                  data-testid="faq-entry-question"
                />
                <Group justify="space-between" align="flex-end" gap="xs">
                  <Text size="sm" fw={500} component="span" id={`faq-answer-label-${code}`}>
                    {t("faq.manage.form.answer")}
                  </Text>
                  <SegmentedControl
                    size="xs"
                    value={preview ? "preview" : "write"}
                    onChange={(value) => setPreview(value === "preview")}
                    data={[
                      { value: "write", label: t("faq.manage.form.edit") },
                      { value: "preview", label: t("faq.manage.form.preview") },
                    ]}
                  />
                </Group>
                {preview ? (
                  <Paper withBorder p="sm" radius="sm" mih={140} aria-labelledby={`faq-answer-label-${code}`} data-testid="faq-entry-preview">
                    {values.texts[code].answer.trim() ? (
                      <FaqMarkdown>{values.texts[code].answer}</FaqMarkdown>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t("faq.manage.form.previewEmpty")}
                      </Text>
                    )}
                  </Paper>
                ) : (
                  <Textarea
                    aria-labelledby={`faq-answer-label-${code}`}
                    description={t("faq.manage.form.answerHint")}
                    value={values.texts[code].answer}
                    onChange={(event) => setText(code, "answer", event.currentTarget.value)}
                    error={textError(code, "answer")}
                    autosize
                    minRows={6}
                    maxRows={16}
                    maxLength={FAQ_LIMITS.answer}
                    styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                    data-testid="faq-entry-answer"
                  />
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <FormActions cancelLabel={t("faq.manage.form.cancel")} onCancel={onClose} submitLabel={t("faq.manage.form.save")} pending={saving} submitTestId="faq-entry-save" />
      </Stack>
    </form>
  );
}
