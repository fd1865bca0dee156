import type { MetaDescriptor } from "react-router";

/**
 * What a link to a public page or an invite shows where it is pasted (WhatsApp, Telegram, …): the
 * Open Graph and Twitter card tags, with absolute URLs on the site's public origin (the root
 * loader's `origin`: BASE_URL, else the request's own). The image is ours (public/og-image.png,
 * made from scripts/og-image/og-image.svg by scripts/og-image/render.ts).
 */

export const SITE_NAME = "Quiniela";
export const SITE_DESCRIPTION = "Pronostica los marcadores de la Liga MX y compite con tus compañeros.";

export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Quiniela: pronostica los marcadores y compite con tu grupo",
} as const;

type RootMatch = { id: string; loaderData?: unknown } | undefined;

/** The site's public origin, as the root loader gives it; undefined where it did not run. */
export function originOf(matches: readonly RootMatch[]): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : undefined;
}

export interface ShareMeta {
  /** The document's title (the browser's tab). */
  title: string;
  /** The preview's title, when it says more than the tab (an invite names the pool). */
  shareTitle?: string;
  description?: string;
  /** The page's canonical path on this site (or the invite link's). */
  path: string;
}

/** The page's title and description, and its share tags when the site's origin is known. */
export function shareMeta(matches: readonly RootMatch[], page: ShareMeta): MetaDescriptor[] {
  const description = page.description ?? SITE_DESCRIPTION;
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: description }];
  const origin = originOf(matches);
  if (!origin) return tags;
  const title = page.shareTitle ?? page.title;
  const image = `${origin}${SHARE_IMAGE.path}`;
  return [
    ...tags,
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_MX" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${page.path}` },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SHARE_IMAGE.alt },
  ];
}

/** An invite link as its preview names it (http/invitation.server.ts checked it). */
export interface SharedInvitation {
  poolName: string;
  ownerName: string;
  path: string;
}

/**
 * A page on an invite link's way (/login or /register with it as `redirectTo`, the link itself):
 * its preview names the pool and points at the link; without an invitation, the page's own.
 */
export function invitationMeta(
  matches: readonly RootMatch[],
  page: { title: string; path: string },
  invitation: SharedInvitation | null | undefined,
): MetaDescriptor[] {
  if (!invitation) return shareMeta(matches, page);
  return shareMeta(matches, {
    title: page.title,
    shareTitle: `Únete a «${invitation.poolName}» en Quiniela`,
    description: `${invitation.ownerName} te invita a su quiniela «${invitation.poolName}»: pronostica los marcadores y compite con el grupo.`,
    path: invitation.path,
  });
}
