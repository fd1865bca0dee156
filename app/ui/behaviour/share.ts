import { copyText } from "./clipboard";

/** What became of a link handed to 'Compartir'. */
export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

export interface SharedLink {
  url: string;
  title: string;
  text: string;
}

/**
 * The phone's share sheet (Web Share API) with the link, or, where there is none (most desktop
 * browsers, plain http), the clipboard. A sheet the person closed is not a failure; a sheet that
 * could not open (refused, or data it cannot share) falls back on the copy.
 */
export async function shareLink(link: SharedLink): Promise<ShareOutcome> {
  if (typeof navigator.share === "function" && (navigator.canShare?.(link) ?? true)) {
    try {
      await navigator.share(link);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  return (await copyText(link.url)) ? "copied" : "failed";
}
