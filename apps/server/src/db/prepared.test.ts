import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.js";
import { NAMED_STATEMENTS_MAX, preparedStatement } from "./prepared.js";
import { features } from "./schema/index.js";
import { openTestDatabase } from "../test/database.js";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(features).values([{ name: "prepared-alpha", code: "PREPARED_ALPHA", priceCents: 0 }, { name: "prepared-beta", code: "PREPARED_BETA", priceCents: 0 }]);
});
afterAll(async () => {
  await database.close();
});

/** Feature names, one shape filtered by name and one not; `built` counts the builds. */
function featureNames(filtered: boolean, built: string[]) {
  const { db } = database;
  return preparedStatement(db, "features_test", { filtered }, (shape, name) => {
    built.push(name);
    return db
      .select({ name: features.name })
      .from(features)
      .where(shape.filtered ? eq(features.name, sql.placeholder("name")) : sql`${features.name} like 'prepared-%'`)
      .orderBy(features.name)
      .prepare(name);
  });
}

describe("prepared statements", () => {
  it("builds a shape once and runs it by name with each call's values", async () => {
    const built: string[] = [];
    const byName = featureNames(true, built);
    expect(await byName.execute({ name: "prepared-alpha" })).toEqual([{ name: "prepared-alpha" }]);
    expect(featureNames(true, built)).toBe(byName);
    // The same named statement with other values, on whichever connection the pool hands out.
    const answers = await Promise.all(["prepared-beta", "prepared-alpha", "none"].map((name) => featureNames(true, built).execute({ name })));
    expect(answers).toEqual([[{ name: "prepared-beta" }], [{ name: "prepared-alpha" }], []]);
    expect(await featureNames(false, built).execute()).toEqual([{ name: "prepared-alpha" }, { name: "prepared-beta" }]);
    expect(built).toHaveLength(2);
    expect(new Set(built).size).toBe(2);
  });

  it("refuses to run a statement whose placeholder has no value", async () => {
    await expect(featureNames(true, []).execute({})).rejects.toThrow(/placeholder/i);
  });

  it("stops naming new shapes past its bound, and still answers them", async () => {
    const { db } = database;
    const names: string[] = [];
    for (let index = 0; index <= NAMED_STATEMENTS_MAX; index++) {
      const statement = preparedStatement(db, "bound_test", { index }, (shape, name) => {
        names.push(name);
        return db.select({ index: sql<number>`${shape.index}::int` }).from(features).limit(1).prepare(name);
      });
      if (index === NAMED_STATEMENTS_MAX) expect(await statement.execute()).toEqual([{ index }]);
    }
    expect(names.at(-1)).toBe("");
    expect(names.filter(Boolean).length).toBeLessThanOrEqual(NAMED_STATEMENTS_MAX);
  });
});
