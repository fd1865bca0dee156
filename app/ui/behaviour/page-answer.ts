import type { ShouldRevalidateFunction } from "react-router";

/**
 * An action that answers with its page's new data (`{ page }`), as the prediction form does:
 * the browser shows it at once and asks for nothing more. Without it, every saved form costs a
 * second request (React Router reloads every loader of the page after an action), and at a
 * deadline the server answers twice per player.
 *
 * `at` (the server's clock when the data was read) tells which is newer when a later reload (a
 * live update, another phase) brings the loader's data again.
 */
export interface PageData {
  at: number;
}

/** True when the action's answer already carries the page. */
export function answeredWithPage(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" && actionResult !== null && "page" in actionResult && actionResult.page != null
  );
}

/**
 * The `shouldRevalidate` of the page whose form answers with it, and of every route above it
 * (the root): no reload after such an answer, React Router's default otherwise.
 */
export const reloadUnlessAnsweredWithPage: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  answeredWithPage(actionResult) ? false : defaultShouldRevalidate;

/** The newer of the loader's data and the one the last action brought. */
export function newerPage<T extends PageData>(loaded: T, answered: T | null | undefined): T {
  return answered && answered.at > loaded.at ? answered : loaded;
}
