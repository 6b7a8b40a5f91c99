import { Accordion, Badge, Group, Text } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import type { FaqItem } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { languages } from "@/lib/i18n";
import { FaqMarkdown } from "./faq-markdown";
import classes from "./faq-question-list.module.css";

/**
 * Questions as an accordion (each question a heading of `headingLevel` with a button), answers as
 * safe Markdown. An answer served in another language than the reader's says so.
 */
export function FaqQuestionList({
  items,
  headingLevel,
  showPopular = false,
  onDemoLink,
  testId,
}: {
  items: FaqItem[];
  headingLevel: 3 | 4;
  showPopular?: boolean;
  onDemoLink: () => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Accordion variant="separated" radius="md" order={headingLevel} chevronPosition="right" classNames={{ item: classes.item }} data-testid={testId}>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} data-testid="faq-item">
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text fw={600} size="sm" dir="auto" lang={item.language}>
                {item.question}
              </Text>
              {showPopular && item.popular && (
                <Badge variant="light" color="yellow" size="sm" leftSection={<IconStarFilled size={10} aria-hidden />} style={{ flexShrink: 0 }}>
                  {t("faq.popularBadge")}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {item.language !== i18n.language && (
              <Text size="xs" c="dimmed" mb="xs">
                {t("faq.shownInLanguage", { language: languages.find((language) => language.code === item.language)?.nativeName ?? item.language })}
              </Text>
            )}
            <div lang={item.language} dir={item.language === "fa" ? "rtl" : "ltr"}>
              <FaqMarkdown onDemoLink={onDemoLink}>{item.answer}</FaqMarkdown>
            </div>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
