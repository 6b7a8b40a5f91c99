import { Code, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";
import { SectionCard } from "@/components/section-card";
import { verifyExample } from "../lib/verify-example";

/** A receiver for this endpoint in Node.js, verifying each delivery with the standardwebhooks library; copyable. */
export function VerifyExample({ url }: { url: string }) {
  const { t } = useTranslation();
  const code = verifyExample(url);
  return (
    <SectionCard id="webhook-verify" title={t("webhooks.verify.title")} description={t("webhooks.verify.hint")}>
      <Group justify="flex-end" mt={-8}>
        <CopyButton value={code} label={t("webhooks.verify.copy")} data-testid="webhook-verify-copy" />
      </Group>
      <Code block dir="ltr" aria-label={t("webhooks.verify.codeLabel")} style={{ overflowX: "auto", whiteSpace: "pre" }} data-testid="webhook-verify-code">
        {code}
      </Code>
    </SectionCard>
  );
}
