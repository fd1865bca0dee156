import type { Auth } from "./auth.server";

/**
 * 'Nuevo Usuario': an account without a password yet. The person sets one through the one-time
 * link the admin hands over (a credential is created when the link is used).
 */
export async function createAccountWithoutPassword(
  auth: Auth,
  input: {
    name: string;
    displayName: string | null;
    email: string;
    role: "user" | "admin";
  },
): Promise<{ id: string }> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: input.name,
      email: input.email,
      emailVerified: false,
      displayName: input.displayName,
      role: input.role,
    },
    { method: "admin" },
  );
  return { id: user.id };
}
