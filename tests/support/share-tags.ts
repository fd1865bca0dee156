/**
 * The link-preview tags of a page (Open Graph's `property="og:…"`, Twitter's `name="twitter:…"`),
 * as a map from the tag's name to its content, HTML entities decoded.
 */
export function shareTags(html: string): Map<string, string> {
  const head = html.split("</head>")[0] ?? "";
  const tags = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const name = /(?:property|name)="((?:og|twitter):[^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (name && content !== undefined) tags.set(name, decodeEntities(content));
  }
  return tags;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The tags every shared page carries, with absolute URLs on `origin`. */
export const SHARED_TAG_NAMES = [
  "og:type",
  "og:site_name",
  "og:title",
  "og:description",
  "og:url",
  "og:image",
  "og:image:width",
  "og:image:height",
  "og:image:alt",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
] as const;
