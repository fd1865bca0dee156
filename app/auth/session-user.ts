/** The signed-in user as every request sees it (read once per request by the root middleware). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  displayName: string;
  image: string | null;
  avatarColor: string;
  /** The session's row (not its token): what this device did while signed in, such as turning notifications on, goes with it. */
  sessionId: string;
}
