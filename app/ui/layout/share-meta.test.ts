import { describe, expect, test } from "vitest";

import { invitationMeta, shareMeta } from "./share-meta";

const root = (origin?: string) => [{ id: "root", loaderData: origin === undefined ? {} : { origin } }];
/** A tag's content by its property (Open Graph) or name (Twitter, description). */
const content = (tags: ReturnType<typeof shareMeta>, name: string) =>
  (tags as { property?: string; name?: string; content?: string }[]).find(
    (tag) => tag.property === name || tag.name === name,
  )?.content;

describe("share tags", () => {
  test("absolute URLs on the root loader's origin, the page's own path", () => {
    const tags = shareMeta(root("https://quiniela.example"), { title: "Tabla · Quiniela", path: "/rankings" });
    expect(tags[0]).toEqual({ title: "Tabla · Quiniela" });
    expect(content(tags, "og:url")).toBe("https://quiniela.example/rankings");
    expect(content(tags, "og:image")).toBe("https://quiniela.example/og-image.png");
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "description")).toBe(content(tags, "og:description"));
  });

  test("without the root's data (an error page), only the title and description: never a relative URL", () => {
    const tags = shareMeta(root(), { title: "Quiniela", path: "/rankings" });
    expect(tags).toHaveLength(2);
    expect(content(tags, "og:url")).toBeUndefined();
  });

  test("an invitation names the pool and who invites, and points at the link", () => {
    const invitation = { poolName: "La de la oficina", ownerName: "Ana", path: "/quiniela/7/unirse?codigo=abc" };
    const tags = invitationMeta(
      root("http://localhost:3000"),
      { title: "Iniciar Sesión · Quiniela", path: "/login" },
      invitation,
    );
    expect(tags[0]).toEqual({ title: "Iniciar Sesión · Quiniela" });
    expect(content(tags, "og:title")).toBe("Únete a «La de la oficina» en Quiniela");
    expect(content(tags, "og:description")).toContain("Ana te invita");
    expect(content(tags, "og:url")).toBe("http://localhost:3000/quiniela/7/unirse?codigo=abc");
    const plain = invitationMeta(
      root("http://localhost:3000"),
      { title: "Iniciar Sesión · Quiniela", path: "/login" },
      null,
    );
    expect(content(plain, "og:title")).toBe("Iniciar Sesión · Quiniela");
    expect(content(plain, "og:url")).toBe("http://localhost:3000/login");
  });
});
