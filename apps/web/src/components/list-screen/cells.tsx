import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A description in a table cell: two lines at most, "No description" (dimmed) when empty. Its own
 * direction (`dir="auto"`): an English description in a Persian page keeps its full stop at its end.
 */
export function DescriptionCell({ text, maw }: { text: string | null | undefined; maw: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={text ? undefined : "dimmed"} lineClamp={2} maw={maw} dir={text ? "auto" : undefined}>
      {text || t("commerce.common.noDescription")}
    </Text>
  );
}
