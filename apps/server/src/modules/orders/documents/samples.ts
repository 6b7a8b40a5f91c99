/** Sample documents for the renderer's tests and its look at the result (no database needed). */
import type { PortalLanguage } from "@portal/contract";
import type { OrderDocument } from "./order-document.js";

const buyers: Record<PortalLanguage, OrderDocument["buyer"]> = {
  en: {
    name: "Northwind Analytics Ltd",
    email: "billing@northwind.example",
    address: { line1: "12 Harbour Street", line2: "Suite 400", city: "Bristol", postalCode: "BS1 4RN", country: "GB", taxLocation: "England" },
  },
  tr: {
    name: "Çağrı Yazılım A.Ş. 北京分公司",
    email: "muhasebe@cagri.example",
    address: { line1: "Büyükdere Caddesi No: 185", line2: "Levent Plaza, Kat 7", city: "İstanbul", postalCode: "34394", country: "TR", taxLocation: "Şişli Vergi Dairesi" },
  },
  es: {
    name: "Soluciones Ibéricas S.L.",
    email: "facturas@ibericas.example",
    address: { line1: "Calle de Alcalá 48", line2: "", city: "Madrid", postalCode: "28014", country: "ES", taxLocation: "Comunidad de Madrid" },
  },
  "zh-CN": {
    name: "上海云图科技有限公司",
    email: "finance@yuntu.example",
    address: { line1: "浦东新区世纪大道 100 号", line2: "环球金融中心 35 楼", city: "上海", postalCode: "200120", country: "CN", taxLocation: "上海市浦东新区" },
  },
  fa: {
    name: "شرکت داده‌پردازان Pars Data",
    email: "hesab@parsdata.example",
    address: { line1: "تهران، خیابان ولیعصر، پلاک ۱۲۳۴", line2: "طبقه ۵، واحد 12B", city: "تهران", postalCode: "1595813511", country: "IR", taxLocation: "تهران" },
  },
  "pt-BR": {
    name: "Tecnologia Paulista Ltda.",
    email: "financeiro@paulista.example",
    address: { line1: "Avenida Paulista, 1578", line2: "Conjunto 92", city: "São Paulo", postalCode: "01310-200", country: "BR", taxLocation: "São Paulo (SP)" },
  },
};

const features: Record<PortalLanguage, string> = {
  en: "Feature",
  tr: "Özellik",
  es: "Función",
  "zh-CN": "功能",
  fa: "قابلیت",
  "pt-BR": "Recurso",
};

/** A document with `lineCount` lines (the first a long description that wraps) in a language. */
export function sampleDocument(language: PortalLanguage, kind: OrderDocument["kind"], lineCount = 3): OrderDocument {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const quantity = (i % 3) + 1;
    const unitPriceCents = 4_900 + i * 1_000;
    const description =
      i === 0
        ? `Enterprise plan, 12 months: ${features[language]} "Offline activation" with priority support and the annual on-site training for up to twenty administrators`
        : i === 1
          ? `${features[language]} ${i + 1}: گزارش‌های فروش (Sales reports) — 销售报表 — Отчёты`
          : `${features[language]} ${i + 1}: Analytics API`;
    return { description, quantity, unitPriceCents, totalCents: quantity * unitPriceCents };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountBasisPoints = 1_000;
  const discountCents = Math.round((subtotalCents * discountBasisPoints) / 10_000);
  const taxBasisPoints = 2_000;
  const taxCents = Math.round(((subtotalCents - discountCents) * taxBasisPoints) / 10_000);
  return {
    kind,
    language,
    orderNumber: "ORD-2026-000042",
    invoiceNumber: kind === "invoice" ? "INV-2026-000017" : null,
    issuedAt: new Date("2026-11-20T10:00:00Z"),
    validUntil: kind === "offer" ? new Date("2026-12-20T00:00:00Z") : null,
    paymentReference: kind === "invoice" ? "BANK-TR-88412" : null,
    seller: {
      name: "Licence Portal GmbH",
      address: "Friedrichstraße 68\n10117 Berlin, Germany",
      taxId: "DE812345678",
      email: "billing@portal.example",
    },
    buyer: buyers[language],
    currency: language === "tr" ? "TRY" : language === "en" ? "USD" : "EUR",
    lines,
    subtotalCents,
    discountBasisPoints,
    discountCents,
    taxCountry: buyers[language].address.country,
    taxBasisPoints,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
    message: kind === "offer" ? "Thank you for your interest. This offer includes the discount we agreed on the phone." : null,
  };
}
