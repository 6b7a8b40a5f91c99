import type { Faq, FaqCategory, FaqItem } from "@portal/contract";

export interface FaqSection {
  category: FaqCategory;
  items: FaqItem[];
}

/** The categories in their order, each with its questions in theirs; `only` keeps one category (by key). Empty categories are left out. */
export function faqSections(faq: Faq, only?: string): FaqSection[] {
  return faq.categories
    .filter((category) => !only || category.key === only)
    .map((category) => ({ category, items: faq.items.filter((item) => item.categoryId === category.id) }))
    .filter((section) => section.items.length > 0);
}

/** How many questions each category has (by category id), for the category chips. */
export function countsByCategory(faq: Faq): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of faq.items) counts.set(item.categoryId, (counts.get(item.categoryId) ?? 0) + 1);
  return counts;
}

/** The questions marked popular, in the reading order. */
export function popularItems(faq: Faq): FaqItem[] {
  return faq.items.filter((item) => item.popular);
}

/** The product categories (not support, training or sales), as suggestions for the demo dialog's product field. */
export function productNames(faq: Faq | undefined): string[] {
  const channels = new Set(["support", "training", "sales"]);
  return (faq?.categories ?? []).filter((category) => !channels.has(category.key)).map((category) => category.name);
}
