import { redirect } from "react-router";

/** Unknown paths go home (SPEC §3). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
