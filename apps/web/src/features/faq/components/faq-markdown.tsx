import { VisuallyHidden } from "@mantine/core";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { externalLinkProps } from "@/components/external-link";
import { DEMO_ANCHOR, isExternalUrl, safeUrl } from "../lib/safe-url";
import classes from "./faq-markdown.module.css";

function heading(level: 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag className={classes.heading}>{children}</Tag>;
  };
}
const headings: Components = { h1: heading(4), h2: heading(4), h3: heading(5), h4: heading(6), h5: heading(6), h6: heading(6) };

function Image({ src, alt }: { src?: unknown; alt?: string }) {
  return typeof src === "string" ? <img src={src} alt={alt ?? ""} loading="lazy" /> : null;
}

const transformUrl = (url: string) => safeUrl(url);
const remarkPlugins = [remarkGfm];

/**
 * An FAQ answer's Markdown as React elements. No HTML string ever reaches the DOM: react-markdown
 * builds elements, raw HTML in the text (`<script>`, `<img onerror>`) stays visible text (no
 * rehype-raw), and links and images keep only safe addresses (lib/safe-url). The portal's own
 * paths navigate inside the app, other sites open in a new tab without `window.opener` or the
 * referrer, and `#demo` opens the demo-request dialog. Headings become small headings below the
 * question's level, so an answer never breaks the page's outline.
 */
export function FaqMarkdown({ children, onDemoLink }: { children: string; onDemoLink?: () => void }) {
  const { t } = useTranslation();
  const components = useMemo<Components>(
    () => ({
      ...headings,
      img: Image,
      a({ href, children: text }) {
        if (!href) return <span>{text}</span>;
        if (href === DEMO_ANCHOR && onDemoLink) {
          return (
            <button type="button" className={classes.linkButton} onClick={onDemoLink}>
              {text}
            </button>
          );
        }
        if (href.startsWith("/")) return <Link to={href}>{text}</Link>;
        if (isExternalUrl(href)) {
          return (
            <a href={href} {...externalLinkProps}>
              {text}
              <VisuallyHidden> ({t("common.externalLink")})</VisuallyHidden>
            </a>
          );
        }
        return <a href={href}>{text}</a>;
      },
    }),
    [t, onDemoLink],
  );
  return (
    <div className={classes.markdown}>
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={transformUrl} skipHtml={false}>
        {children}
      </Markdown>
    </div>
  );
}
