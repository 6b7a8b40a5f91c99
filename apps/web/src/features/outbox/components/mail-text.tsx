import { Anchor, Text } from "@mantine/core";
import { externalLinkProps } from "@/components/external-link";

export type MailTextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// A link ends at white space or a character that cannot be part of one in plain-text mail.
const LINK_CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation after a link belongs to the sentence ("…?token=abc." or "(see https://x/y)").
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** An http(s) URL as the browser would open it, or undefined (nothing else becomes a link). */
function webHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Plain-text mail cut into text and http(s) links, in order; joined, the parts give the text back. */
export function mailTextParts(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let at = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === "text") last.text += value;
    else parts.push({ kind: "text", text: value });
  };
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, "");
    const href = webHref(link);
    pushText(text.slice(at, match.index));
    if (href) parts.push({ kind: "link", text: link, href });
    else pushText(link);
    at = match.index + link.length;
  }
  pushText(text.slice(at));
  return parts;
}

/**
 * A plain-text e-mail as it reads, its http(s) links clickable (in a new tab). The text is rendered
 * as React text nodes, never as HTML: whatever a message holds, it cannot become markup.
 */
export function MailText({ text, id, label }: { text: string; id?: string; label: string }) {
  return (
    <Text
      component="div"
      id={id}
      role="region"
      aria-label={label}
      size="sm"
      dir="auto"
      // In line with the subject above it, after the toggle.
      ps={36}
      style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "var(--mantine-font-family-monospace)" }}
      data-testid="outbox-message-text"
    >
      {mailTextParts(text).map((part, index) =>
        part.kind === "link" ? (
          <Anchor key={index} href={part.href} {...externalLinkProps} inherit>
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
