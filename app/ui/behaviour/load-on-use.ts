/**
 * A module a page needs only once someone uses part of it (a menu, a form's check with Zod…),
 * fetched then, or ahead of the use (a hover, a focus), instead of with the page. A failed fetch
 * is forgotten, so the next use tries again; `failed` tells that the last one did not arrive (the
 * app was updated since the page loaded, or the network is gone).
 */
export interface LoadOnUse<T> {
  /** The module, fetched once. */
  get(): Promise<T>;
  /** Fetches ahead of a use; a failure here is retried by the use itself. */
  prefetch(): void;
  /** The module once it has arrived. */
  readonly current: T | undefined;
  readonly failed: boolean;
}

export function loadOnUse<T>(load: () => Promise<T>): LoadOnUse<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  let failed = false;
  const get = (): Promise<T> => {
    pending ??= load().then(
      (module) => {
        failed = false;
        return (loaded = module);
      },
      (error: unknown) => {
        pending = undefined;
        failed = true;
        throw error;
      },
    );
    return pending;
  };
  return {
    get,
    prefetch: () => void get().catch(() => undefined),
    get current() {
      return loaded;
    },
    get failed() {
      return failed;
    },
  };
}

/**
 * A form's check in the browser whose code loads on use (the same Zod schema as the server's):
 * on submit, `check` runs with the module and returns whether the form may go. Before the module
 * has arrived, the submission waits for it and is made again (with the same button); if it cannot
 * arrive, the form goes unchecked, as without JavaScript: the server checks every form anyway.
 */
export function submitChecked<T>(
  event: React.FormEvent<HTMLFormElement>,
  module: LoadOnUse<T>,
  check: (loaded: T) => boolean,
): void {
  if (module.current) {
    if (!check(module.current)) event.preventDefault();
    return;
  }
  if (module.failed) return;
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter ?? undefined;
  const again = () => form.requestSubmit(submitter);
  module.get().then(again, again);
}

/**
 * For `React.lazy`: a module that cannot be fetched means the app was updated since the page
 * loaded (its old files are gone), so the page loads again, as React Router does for a route's
 * module, instead of the route's error screen.
 */
export function orReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(() => {
      window.location.reload();
      return new Promise<T>(() => undefined);
    });
}
