import { Alert, Button, Group, Modal, SegmentedControl, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { FAQ_LIMITS, portalLanguages, type FaqCategoryAdmin, type PerLanguage, type PortalLanguage } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "@/lib/notify";
import { languages } from "@/lib/i18n";
import { useRenameFaqCategory } from "../api/faq";
import { CategoryIcon } from "./category-icon";

const nativeName = (code: PortalLanguage) => languages.find((language) => language.code === code)?.nativeName ?? code;
const trimmed = (names: PerLanguage): PerLanguage =>
  Object.fromEntries(Object.entries(names).map(([code, name]) => [code, name?.trim() ?? ""]).filter(([, name]) => name !== ""));
const same = (a: PerLanguage, b: PerLanguage) => JSON.stringify(trimmed(a)) === JSON.stringify(trimmed(b));

/**
 * The nine categories' names, one language at a time. English is required (it is the fallback);
 * a language left empty shows the English name. Only changed categories are saved.
 */
export function CategoryNamesModal({ opened, categories, onClose }: { opened: boolean; categories: FaqCategoryAdmin[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  return (
    <Modal opened={opened} onClose={saving ? () => undefined : onClose} title={t("faq.manage.categoriesForm.title")} size="lg" centered data-testid="faq-categories-modal">
      {/* Mounted with each opening: it starts from the names as stored. */}
      <CategoryNamesForm categories={categories} onClose={onClose} saving={saving} setSaving={setSaving} />
    </Modal>
  );
}

function CategoryNamesForm({
  categories,
  onClose,
  saving,
  setSaving,
}: {
  categories: FaqCategoryAdmin[];
  onClose: () => void;
  saving: boolean;
  setSaving: (saving: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const rename = useRenameFaqCategory();
  const [language, setLanguage] = useState<PortalLanguage>(() => portalLanguages.find((code) => code === i18n.language) ?? "en");
  const [names, setNames] = useState<Record<string, PerLanguage>>(() => Object.fromEntries(categories.map((category) => [category.id, { ...category.name }])));
  const [missingEnglish, setMissingEnglish] = useState(false);

  const save = async () => {
    if (categories.some((category) => !names[category.id]?.en?.trim())) {
      setMissingEnglish(true);
      setLanguage("en");
      return;
    }
    setSaving(true);
    try {
      // One at a time: each is its own transaction and audit event; a refusal stops the rest.
      for (const category of categories) {
        const next = names[category.id] ?? {};
        if (same(next, category.name)) continue;
        await rename.mutateAsync({ id: category.id, body: { name: trimmed(next) } });
      }
      notifySuccess(t("faq.manage.categoriesForm.saved"));
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const languageOptions = portalLanguages.map((code) => ({ value: code, label: nativeName(code) }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("faq.manage.categoriesForm.description")}
      </Text>
      <SegmentedControl
        visibleFrom="sm"
        aria-label={t("faq.manage.categoriesForm.language")}
        value={language}
        onChange={(value) => setLanguage(value as PortalLanguage)}
        data={languageOptions}
        fullWidth
      />
      <NativeSelect
        hiddenFrom="sm"
        label={t("faq.manage.categoriesForm.language")}
        value={language}
        onChange={(event) => setLanguage(event.currentTarget.value as PortalLanguage)}
        data={languageOptions}
      />
      {missingEnglish && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t("faq.manage.categoriesForm.englishRequired")}
        </Alert>
      )}
      <Stack gap="xs" lang={language} dir={language === "fa" ? "rtl" : "ltr"}>
        {categories.map((category) => {
          const value = names[category.id]?.[language] ?? "";
          const englishMissing = language === "en" && missingEnglish && !value.trim();
          return (
            <TextInput
              key={category.id}
              aria-label={t("faq.manage.categoriesForm.nameOf", { key: category.name.en ?? category.key })}
              leftSection={<CategoryIcon categoryKey={category.key} />}
              placeholder={language === "en" ? category.key : (names[category.id]?.en ?? "")}
              value={value}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setNames((current) => ({ ...current, [category.id]: { ...current[category.id], [language]: next } }));
              }}
              error={englishMissing}
              maxLength={FAQ_LIMITS.categoryName}
              data-testid={`faq-category-name-${category.key}`}
            />
          );
        })}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {t("faq.manage.categoriesForm.cancel")}
        </Button>
        <Button onClick={() => void save()} loading={saving} data-testid="faq-categories-save">
          {t("faq.manage.categoriesForm.save")}
        </Button>
      </Group>
    </Stack>
  );
}
