import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** "<page> · Licence Portal" in the browser tab, in the current language. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t("app.pageTitle", { title }) : t("app.name");
  }, [title, t]);
}
