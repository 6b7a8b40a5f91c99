import { eq, inArray, like, sql } from "drizzle-orm";
import { faqCategoryKeys, portalLanguages, type FaqCategoryAdmin, type FaqEntry, type FaqEntryBody, type Faq } from "@portal/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../demo/demo.js";
import { auditEvents, faqEntries, faqEntryTranslations } from "../../db/schema/index.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, errorLoc, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";
import { DEMO_FAQ } from "../../demo/faq.js";

const t = useTestApp();
let admin: string;
let customer: string;
let categories: FaqCategoryAdmin[];
const categoryId = (key: string) => categories.find((category) => category.key === key)!.id;

beforeAll(async () => {
  admin = await adminToken(t.app);
  customer = (await createCustomer(t)).token;
  categories = json<{ data: FaqCategoryAdmin[] }>(await call(t.app, { method: "GET", url: "/api/v1/faq/categories", token: admin })).data;
});

const readFaq = async (query = "", headers: Record<string, string> = {}, token = customer) => {
  const response = await call(t.app, { method: "GET", url: `/api/v1/faq${query}`, token, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, faq: json<{ data: Faq }>(response).data };
};

const createEntry = async (body: FaqEntryBody) => {
  const response = await call(t.app, { method: "POST", url: "/api/v1/faq", token: admin, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: FaqEntry }>(response).data;
};

/** A word no other test writes, so searches see only this test's entries. */
const marker = () => `zq${Math.random().toString(36).slice(2, 9)}`;

describe("FAQ: who may do what", () => {
  it("lets any logged-in user read, refuses anonymous callers (401) and customers on every admin call (403)", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/v1/faq" })).statusCode).toBe(401);
    expect((await readFaq()).faq.categories).toHaveLength(9);

    const entry = await createEntry({ categoryId: categoryId("support"), question: { en: "Who?" }, answer: { en: "Us." } });
    const adminCalls = [
      { method: "GET" as const, url: "/api/v1/faq/entries" },
      { method: "POST" as const, url: "/api/v1/faq", payload: { categoryId: categoryId("support"), question: { en: "Q" }, answer: { en: "A" } } },
      { method: "PUT" as const, url: `/api/v1/faq/${entry.id}`, payload: { categoryId: categoryId("support"), question: { en: "Q" }, answer: { en: "A" } } },
      { method: "POST" as const, url: `/api/v1/faq/${entry.id}/move`, payload: { direction: "up" } },
      { method: "DELETE" as const, url: `/api/v1/faq/${entry.id}` },
      { method: "GET" as const, url: "/api/v1/faq/categories" },
      { method: "PUT" as const, url: `/api/v1/faq/categories/${categoryId("support")}`, payload: { name: { en: "Help" } } },
      { method: "GET" as const, url: "/api/v1/demo-requests" },
    ];
    for (const request of adminCalls) {
      expect((await call(t.app, request)).statusCode, `anonymous ${request.method} ${request.url}`).toBe(401);
      const refused = await call(t.app, { ...request, token: customer });
      expect(refused.statusCode, `customer ${request.method} ${request.url}`).toBe(403);
      expect(firstError(refused).loc).toEqual(["auth/forbidden"]);
    }
    const [stillThere] = await t.database.db.select().from(faqEntries).where(eq(faqEntries.id, entry.id));
    expect(stillThere).toBeDefined();
  });
});

describe("FAQ: categories", () => {
  it("has the nine categories, named in all six languages, in their order", async () => {
    expect(categories.map((category) => category.key)).toEqual([...faqCategoryKeys]);
    expect(categories.map((category) => category.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const category of categories) expect(Object.keys(category.name).sort(), category.key).toEqual([...portalLanguages].sort());
    const { faq } = await readFaq("?lang=tr");
    expect(faq.categories.find((category) => category.key === "support")!.name).toBe("Destek");
  });

  it("renames a category per language; a language left out falls back to English", async () => {
    const id = categoryId("training");
    const renamed = await call(t.app, { method: "PUT", url: `/api/v1/faq/categories/${id}`, token: admin, payload: { name: { en: "Academy", tr: "Akademi" } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<{ data: FaqCategoryAdmin }>(renamed).data).toMatchObject({ id, key: "training", name: { en: "Academy", tr: "Akademi" } });
    const nameIn = async (lang: string) => (await readFaq(`?lang=${lang}`)).faq.categories.find((category) => category.id === id)!.name;
    expect(await nameIn("tr")).toBe("Akademi");
    expect(await nameIn("es")).toBe("Academy");

    const invalid = [{ name: {} }, { name: { de: "Schulung" } }, { name: { en: "" } }, { name: { en: "x".repeat(81) } }, { name: { en: "A" }, key: "x" }];
    for (const payload of invalid) {
      const refused = await call(t.app, { method: "PUT", url: `/api/v1/faq/categories/${id}`, token: admin, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const unknown = await call(t.app, { method: "PUT", url: "/api/v1/faq/categories/00000000-0000-4000-8000-000000000000", token: admin, payload: { name: { en: "A" } } });
    expect(unknown.statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "faq.category_renamed"));
    expect(audit.at(-1)).toMatchObject({ targetId: id, details: { key: "training", languages: ["en", "tr"] } });
  });
});

describe("FAQ: reading in a language", () => {
  it("serves the asked language, Accept-Language's, or English; an entry lacking them comes in English, then in what it has", async () => {
    const word = marker();
    const both = await createEntry({
      categoryId: categoryId("voice"),
      popular: true,
      question: { en: `How do extensions work? ${word}`, tr: `Dahili hatlar nasıl çalışır? ${word}` },
      answer: { en: "Like this.", tr: "Şöyle." },
    });
    const turkishOnly = await createEntry({ categoryId: categoryId("voice"), question: { tr: `Yalnızca Türkçe ${word}` }, answer: { tr: "Evet." } });

    const served = async (query: string, headers: Record<string, string> = {}) => {
      const { faq, response } = await readFaq(query, headers);
      return { language: faq.language, header: response.headers["content-language"], items: faq.items.map((item) => [item.id, item.language, item.question]) };
    };
    expect(await served(`?q=${word}&lang=tr`)).toEqual({
      language: "tr",
      header: "tr",
      items: [
        [both.id, "tr", `Dahili hatlar nasıl çalışır? ${word}`],
        [turkishOnly.id, "tr", `Yalnızca Türkçe ${word}`],
      ],
    });
    expect((await served(`?q=${word}`, { "accept-language": "tr-TR,tr;q=0.9,en;q=0.5" })).language).toBe("tr");
    // Spanish is asked for; neither entry has it: English where there is English, else the entry's own language.
    expect(await served(`?q=${word}&lang=es`)).toEqual({
      language: "es",
      header: "es",
      items: [
        [both.id, "en", `How do extensions work? ${word}`],
        [turkishOnly.id, "tr", `Yalnızca Türkçe ${word}`],
      ],
    });
    expect((await served(`?q=${word}`, { "accept-language": "de-DE" })).language).toBe("en");
    expect((await served(`?q=${word}&lang=xx`, { "accept-language": "pt" })).language).toBe("pt-BR");

    const { faq } = await readFaq(`?q=${word}&lang=en`);
    expect(faq.items[0]).toEqual({
      id: both.id,
      categoryId: categoryId("voice"),
      question: `How do extensions work? ${word}`,
      answer: "Like this.",
      popular: true,
      order: both.order,
      language: "en",
    });
  });

  it("searches the served question and answer, case-insensitively and literally, and keeps the nine categories", async () => {
    const word = marker();
    const entry = await createEntry({
      categoryId: categoryId("log-management"),
      question: { en: `Retention ${word}?`, tr: "Saklama süresi?" },
      answer: { en: `Set 100% of ${word.toUpperCase()} per source.`, tr: "Kaynak başına." },
    });
    const ids = async (query: string) => (await readFaq(query)).faq.items.map((item) => item.id);
    expect(await ids(`?q=${word}`)).toEqual([entry.id]);
    expect(await ids(`?q=${encodeURIComponent(`100% of ${word}`)}`)).toEqual([entry.id]);
    expect(await ids(`?q=${encodeURIComponent(`100_ of ${word}`)}`)).toEqual([]);
    expect(await ids(`?q=${word}&lang=tr`)).toEqual([]);
    const { faq } = await readFaq(`?q=${marker()}`);
    expect(faq.items).toEqual([]);
    expect(faq.categories).toHaveLength(9);
    const tooLong = await call(t.app, { method: "GET", url: `/api/v1/faq?q=${"a".repeat(201)}`, token: customer });
    expect(tooLong.statusCode).toBe(422);
    expect(errorLoc(tooLong)[0]).toEqual(["query", "q"]);
    const unknown = await call(t.app, { method: "GET", url: "/api/v1/faq?category=x", token: customer });
    expect(unknown.statusCode).toBe(422);
  });

  it("returns Markdown answers exactly as written, as JSON text: script, event handlers and javascript: links are never HTML", async () => {
    const word = marker();
    const hostile = [
      "<script>alert('faq')</script>",
      '<img src="x" onerror="alert(1)">',
      "[click me](javascript:alert(document.cookie))",
      '<a href="javascript:alert(1)">raw link</a>',
      "**bold** and a [safe link](https://example.com)",
    ].join("\n\n");
    const entry = await createEntry({ categoryId: categoryId("support"), question: { en: `<b>${word}</b>` }, answer: { en: hostile } });
    const { response, faq } = await readFaq(`?q=${word}`);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(faq.items).toEqual([expect.objectContaining({ id: entry.id, question: `<b>${word}</b>`, answer: hostile })]);
    // Nothing was rendered or rewritten on the way in either.
    const [stored] = await t.database.db.select().from(faqEntryTranslations).where(eq(faqEntryTranslations.entryId, entry.id));
    expect(stored!.answer).toBe(hostile);
  });
});

describe("FAQ: keeping entries", () => {
  it("creates, replaces per language and deletes an entry, each with its audit event", async () => {
    const entry = await createEntry({
      categoryId: categoryId("sales"),
      popular: false,
      question: { en: "Price?", tr: "Fiyat?", fa: "قیمت؟" },
      answer: { en: "Ask us.", tr: "Bize sorun.", fa: "از ما بپرسید." },
    });
    expect(entry.question).toEqual({ en: "Price?", tr: "Fiyat?", fa: "قیمت؟" });

    const replaced = await call(t.app, {
      method: "PUT",
      url: `/api/v1/faq/${entry.id}`,
      token: admin,
      payload: { categoryId: categoryId("sales"), popular: true, order: entry.order, question: { en: "Pricing?", es: "¿Precio?" }, answer: { en: "See plans.", es: "Vea los planes." } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(json<{ data: FaqEntry }>(replaced).data).toMatchObject({ popular: true, question: { en: "Pricing?", es: "¿Precio?" }, answer: { en: "See plans.", es: "Vea los planes." } });
    const languages = (await t.database.db.select().from(faqEntryTranslations).where(eq(faqEntryTranslations.entryId, entry.id))).map((row) => row.language).sort();
    expect(languages).toEqual(["en", "es"]);

    const deleted = await call(t.app, { method: "DELETE", url: `/api/v1/faq/${entry.id}`, token: admin });
    expect(json(deleted)).toEqual({ status: "success", data: { deleted: true } });
    expect(await t.database.db.select().from(faqEntryTranslations).where(eq(faqEntryTranslations.entryId, entry.id))).toEqual([]);
    for (const request of [
      { method: "DELETE" as const, url: `/api/v1/faq/${entry.id}` },
      { method: "PUT" as const, url: `/api/v1/faq/${entry.id}`, payload: { categoryId: categoryId("sales"), question: { en: "Q" }, answer: { en: "A" } } },
      { method: "POST" as const, url: `/api/v1/faq/${entry.id}/move`, payload: { direction: "down" } },
    ]) {
      const missing = await call(t.app, { ...request, token: admin });
      expect(missing.statusCode, request.method).toBe(404);
      expect(firstError(missing).loc).toEqual(["common/not_found"]);
    }
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, entry.id)).orderBy(auditEvents.id)).map((row) => row.action);
    expect(actions).toEqual(["faq.entry_created", "faq.entry_updated", "faq.entry_deleted"]);
  });

  it("refuses bad bodies with 422 naming the field, and changes nothing", async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(faqEntries))[0]!.n;
    const before = await count();
    const base = { categoryId: categoryId("support"), question: { en: "Q" }, answer: { en: "A" } };
    const cases: [unknown, (string | number)[]][] = [
      [{ ...base, categoryId: undefined }, ["body", "categoryId"]],
      [{ ...base, categoryId: "not-a-uuid" }, ["body", "categoryId"]],
      [{ ...base, question: {} }, ["body", "question"]],
      [{ ...base, question: { en: "Q", de: "F" }, answer: { en: "A", de: "A" } }, ["body", "question", "de"]],
      [{ ...base, question: { en: "Q", tr: "S" } }, ["body", "answer", "tr"]],
      [{ ...base, answer: { en: "A", es: "R" } }, ["body", "question", "es"]],
      [{ ...base, question: { en: "   " } }, ["body", "question", "en"]],
      [{ ...base, question: { en: "x".repeat(301) } }, ["body", "question", "en"]],
      [{ ...base, answer: { en: 5 } }, ["body", "answer", "en"]],
      [{ ...base, popular: "yes" }, ["body", "popular"]],
      [{ ...base, order: -1 }, ["body", "order"]],
      [{ ...base, order: 1.5 }, ["body", "order"]],
      [{ ...base, html: "<p>" }, ["body", "html"]],
    ];
    for (const [payload, loc] of cases) {
      const refused = await call(t.app, { method: "POST", url: "/api/v1/faq", token: admin, payload: payload as object });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLoc(refused), JSON.stringify(payload)).toContainEqual(loc);
    }
    const unknownCategory = await call(t.app, { method: "POST", url: "/api/v1/faq", token: admin, payload: { ...base, categoryId: "00000000-0000-4000-8000-000000000000" } });
    expect(unknownCategory.statusCode).toBe(422);
    expect(firstError(unknownCategory)).toMatchObject({ loc: ["faq/unknown_category"], msg: "The chosen FAQ category does not exist." });
    expect(await count()).toBe(before);
  });

  it("orders entries inside their category: a new one goes last, moves swap neighbours, a new category puts it last", async () => {
    const word = marker();
    const category = categoryId("endpoint-inventory");
    const a = await createEntry({ categoryId: category, question: { en: `A ${word}` }, answer: { en: "a" } });
    const b = await createEntry({ categoryId: category, question: { en: `B ${word}` }, answer: { en: "b" } });
    const c = await createEntry({ categoryId: category, question: { en: `C ${word}` }, answer: { en: "c" } });
    expect([a.order, b.order, c.order]).toEqual([0, 1, 2]);
    const order = async () => (await readFaq(`?q=${word}`)).faq.items.map((item) => item.question.slice(0, 1)).join("");
    expect(await order()).toBe("ABC");

    const move = (id: string, direction: string) => call(t.app, { method: "POST", url: `/api/v1/faq/${id}/move`, token: admin, payload: { direction } });
    expect(json<{ data: FaqEntry }>(await move(c.id, "up")).data.order).toBe(1);
    expect(await order()).toBe("ACB");
    expect((await move(a.id, "up")).statusCode).toBe(200);
    expect(await order()).toBe("ACB");
    await move(a.id, "down");
    expect(await order()).toBe("CAB");
    expect((await move(a.id, "sideways")).statusCode).toBe(422);

    // An order typed by hand: B first.
    await call(t.app, { method: "PUT", url: `/api/v1/faq/${b.id}`, token: admin, payload: { categoryId: category, order: 0, question: { en: `B ${word}` }, answer: { en: "b" } } });
    const items = (await readFaq(`?q=${word}`)).faq.items;
    expect(items.find((item) => item.id === b.id)!.order).toBe(0);
    // Another category, no order given: last there, earlier categories first in the reader's list.
    const other = categoryId("network-access");
    const existing = (await readFaq()).faq.items.filter((item) => item.categoryId === other);
    const moved = await call(t.app, { method: "PUT", url: `/api/v1/faq/${a.id}`, token: admin, payload: { categoryId: other, question: { en: `A ${word}` }, answer: { en: "a" } } });
    expect(json<{ data: FaqEntry }>(moved).data.order).toBe(existing.length === 0 ? 0 : Math.max(...existing.map((item) => item.order)) + 1);
    expect((await readFaq(`?q=${word}`)).faq.items[0]!.id).toBe(a.id);
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "faq.entry_moved"));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it("lists entries for administrators with every language: paged, filtered by category, searched in any language", async () => {
    const word = marker();
    const category = categoryId("wifi-access");
    for (const letter of ["x", "y", "z"]) {
      await createEntry({ categoryId: category, question: { en: `Q ${letter}`, "zh-CN": `问题 ${letter} ${word}` }, answer: { en: "A", "zh-CN": "答" } });
    }
    const list = async (query: string) => {
      const response = await call(t.app, { method: "GET", url: `/api/v1/faq/entries${query}`, token: admin });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: { items: FaqEntry[]; total: number; page: number; pageSize: number } }>(response).data;
    };
    const page = await list(`?q=${word}&pageSize=2&categoryId=${category}`);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.question.en)).toEqual(["Q x", "Q y"]);
    expect(page.items[0]!.question["zh-CN"]).toBe(`问题 x ${word}`);
    expect((await list(`?q=${word}&pageSize=2&page=2`)).items.map((item) => item.question.en)).toEqual(["Q z"]);
    expect((await list(`?q=${word}&sort=createdAt&order=desc`)).items.map((item) => item.question.en)).toEqual(["Q z", "Q y", "Q x"]);
    expect((await list(`?q=${word}&categoryId=${categoryId("voice")}`)).total).toBe(0);
    const bad = await call(t.app, { method: "GET", url: "/api/v1/faq/entries?sort=question", token: admin });
    expect(bad.statusCode).toBe(422);
  });
});

describe("SEED_DEMO FAQ", () => {
  it("loads the product texts once, in every language, with popular questions", async () => {
    // Another file's database: this one already has entries, and the seed leaves an FAQ with entries alone.
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(faqEntries))[0]!.n;
    await seedDemo(t.database.db);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(faqEntries))[0]!.n).toBe(before);

    await t.database.db.delete(faqEntries);
    await seedDemo(t.database.db);
    await seedDemo(t.database.db);
    const rows = await t.database.db.select().from(faqEntries);
    expect(rows).toHaveLength(DEMO_FAQ.length);
    const translations = await t.database.db.select().from(faqEntryTranslations).where(inArray(faqEntryTranslations.entryId, rows.map((row) => row.id)));
    expect(translations).toHaveLength(DEMO_FAQ.length * portalLanguages.length);
    const { faq } = await readFaq("?lang=tr");
    expect(faq.items.filter((item) => item.popular).length).toBeGreaterThanOrEqual(3);
    expect(faq.items.every((item) => item.language === "tr")).toBe(true);
    const covered = new Set(faq.items.map((item) => faq.categories.find((category) => category.id === item.categoryId)!.key));
    expect([...covered].sort()).toEqual([...faqCategoryKeys].sort());
    expect(await t.database.db.select().from(auditEvents).where(like(auditEvents.action, "demo.faq_seeded"))).toHaveLength(1);
  });
});
