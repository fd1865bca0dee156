import { describe, expect, test } from "vitest";

import { inTableOrder, orderedSlice, type TableLine } from "./table-order";

/** A line as SQL ranks it: users with the same tally share rnk and last_pos. */
const line = (user_id: string, name: string, points: number, rnk: number, last_pos: number): TableLine => ({
  user_id,
  name,
  points,
  exact_hits: 0,
  outcome_hits: 0,
  rnk,
  last_pos,
});

describe("inTableOrder", () => {
  test("a tie is listed by name, accents and case folded as the collator does (Ángel before beto before Carla)", () => {
    const tie = [line("3", "Carla", 5, 1, 3), line("1", "beto", 5, 1, 3), line("2", "Ángel", 5, 1, 3)];
    expect(inTableOrder(tie).map((l) => l.name)).toEqual(["Ángel", "beto", "Carla"]);
  });

  test("more points come first whatever the name", () => {
    const lines = [line("1", "Ana", 3, 2, 2), line("2", "Zoe", 9, 1, 1)];
    expect(inTableOrder(lines).map((l) => l.name)).toEqual(["Zoe", "Ana"]);
  });

  test("names that compare equal keep one order: by user id", () => {
    const tie = [line("b", "José", 1, 1, 2), line("a", "jose", 1, 1, 2)];
    expect(inTableOrder(tie).map((l) => l.user_id)).toEqual(["a", "b"]);
    expect(inTableOrder([...tie].reverse()).map((l) => l.user_id)).toEqual(["a", "b"]);
  });
});

describe("orderedSlice", () => {
  // Positions 1 (Zoe, 9), then a three-way tie at 2..4, then Ana alone at 5.
  const lines = [
    line("5", "Ana", 1, 5, 5),
    line("4", "Memo", 4, 2, 4),
    line("1", "Zoe", 9, 1, 1),
    line("3", "Beto", 4, 2, 4),
    line("2", "Luis", 4, 2, 4),
  ];

  test("a slice inside a tie is the tie's members in name order", () => {
    expect(orderedSlice(lines, 1, 3).map((l) => l.name)).toEqual(["Beto", "Luis"]);
  });

  test("the whole list is the table order; an empty range is empty", () => {
    expect(orderedSlice(lines, 0, 5).map((l) => l.name)).toEqual(["Zoe", "Beto", "Luis", "Memo", "Ana"]);
    expect(orderedSlice(lines, 2, 2)).toEqual([]);
  });
});
