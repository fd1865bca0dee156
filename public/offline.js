// The offline page (offline.html) in the colour mode chosen in the app, which keeps it in
// localStorage (app/ui/theme/theme.ts COLOR_SCHEME_KEY); light when none was chosen, as in the app.
try {
  if (localStorage.getItem("quiniela-color-scheme") === "dark") {
    document.documentElement.dataset.colorScheme = "dark";
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#242424");
  }
} catch {
  // Storage refused (a privacy setting): the page stays light.
}
