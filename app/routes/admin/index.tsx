import { redirect } from "react-router";

export function loader() {
  return redirect("/admin/matches");
}

// A component makes this a page route, so a refused visitor gets the Spanish 403 page
// rather than a bare JSON answer.
export default function AdminIndex() {
  return null;
}
