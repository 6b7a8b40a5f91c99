import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_SELECT_WIDTH_PX } from "@/lib/config";
import { changeLanguage, currentLanguage, isLanguage, languages } from "@/lib/i18n";

/**
 * The language selector of the auth layout (140px, spec section 9). A native <select>: accessible,
 * right for phones, and it keeps the floating-dropdown code out of the login page's bundle.
 */
export function LanguageSelect(props: Omit<NativeSelectProps, "data" | "value" | "onChange">) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <NativeSelect
      w={LANGUAGE_SELECT_WIDTH_PX}
      value={value}
      aria-label={t("language.select")}
      leftSection={<IconLanguage size={16} aria-hidden />}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data-testid="language-select"
      {...props}
    >
      {languages.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </NativeSelect>
  );
}
