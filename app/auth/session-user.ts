/** The signed-in user as every request sees it (read once per request by the root middleware). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  displayName: string;
  image: string | null;
  avatarColor: string;
}
